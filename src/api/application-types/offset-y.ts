import { offsetRule } from './offset';

export const offsetY = offsetRule('offset_y');
