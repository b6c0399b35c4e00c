import { offsetRule } from './offset';

export const offsetX = offsetRule('offset_x');
