import { yesNoSubjectsModule, type YesNoAnnotation } from '../../type-kit/yes-no-subjects';

export type NsfwAnnotation = YesNoAnnotation<'nsfw'>;

/** Yes or no for every output subject (the content classes: neutral, drawing, explicit, …), as detection_fullframe. */
export const nsfw = yesNoSubjectsModule('nsfw', 'Applies to the image');
