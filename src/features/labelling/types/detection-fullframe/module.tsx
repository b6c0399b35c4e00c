import { yesNoSubjectsModule } from '../../type-kit/yes-no-subjects';

/** Yes or no for every output subject, in one answer. */
export const detectionFullframe = yesNoSubjectsModule('detection_fullframe', 'Present in the image');
