// The demo tenant's applications, by name (server/demo/seed-applications.ts).
import { CAPTURE_APPLICATIONS } from '../../server/demo/capture-applications';
import { LABELLABLE_TYPES, STANDARD_APPLICATION_TYPES, type LabellableType } from '../../src/api/types';

/** The demo's applications on real photographs, listed first on the dashboard (server/demo/photo-applications.ts). */
export const PHOTO_APP_NAMES = ['People and cars', 'People count', 'Who or what is there', 'What the photo shows', 'Ball spots', 'Calibration boards'];
/** The demo's inspection line, one application of each labellable type on synthetic conveyor scenes, listed after. */
export const INSPECTION_LINE_APP_NAMES = ['Part kind', 'Parts present', 'Red bolts', 'Nut count', 'Washer position', 'Fill level', 'Markers', 'Lot label'];
export const isInspectionLine = (app: { name: string }) => INSPECTION_LINE_APP_NAMES.includes(app.name);
/** The demo's camera and feed (server/demo/capture-applications.ts), listed last: they bring images in and take no feedback. */
export const CAPTURE_APP_NAMES: readonly string[] = CAPTURE_APPLICATIONS.map((app) => app.name);

/** The types of the inspection line: the standard labellable types (the demo service refuses types by special arrangement). */
export type InspectionLineType = Extract<LabellableType, (typeof STANDARD_APPLICATION_TYPES)[number]>;
export const INSPECTION_LINE_TYPES = LABELLABLE_TYPES.filter((type): type is InspectionLineType => (STANDARD_APPLICATION_TYPES as readonly string[]).includes(type));
