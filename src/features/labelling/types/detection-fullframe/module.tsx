import { yesNoSubjectsModule, type YesNoAnnotation } from '../../type-kit/yes-no-subjects';

export type FullframeAnnotation = YesNoAnnotation<'detection_fullframe'>;

/** Yes or no for every output subject, in one answer. */
export const detectionFullframe = yesNoSubjectsModule('detection_fullframe', 'Present in the image');
