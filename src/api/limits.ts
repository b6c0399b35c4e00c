// Sizes and ranges both sides of the wire enforce (decisions.md, "Sizes"; docs/api.md).

export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/** One uploaded file, an image or a video. */
export const MEDIA_MAX_BYTES = 25 * 1024 * 1024;
/** The longest video (or animated GIF) an upload may be, in seconds. */
export const VIDEO_MAX_SECONDS = 600;
/** Frames one video_segmentation application takes from one video (`max_frames`), and its default. */
export const SEGMENTATION_FRAMES = { min: 1, max: 1000, default: 100 } as const;
/** The rate a video_segmentation application takes frames at (`frames_per_second`), and its default. */
export const SEGMENTATION_FRAMES_PER_SECOND = { min: 0.01, max: 60, default: 1 } as const;
/** Every how many frames a video_segmentation application takes one (`every_nth_frame`), when set instead of a rate. */
export const SEGMENTATION_EVERY_NTH_FRAME_MAX = 10_000;
/** client_data, measured as UTF-8 JSON. */
export const CLIENT_DATA_MAX_BYTES = 4096;

export const FEEDBACK_PULL_LIMIT = { min: 1, max: 10, default: 10 } as const;
/** Requests `GET …/feedback/held` gives back at most: what a labeller holds after ten full pulls. */
export const FEEDBACK_HELD_LIMIT = 100;
/** `limit` of paged lists, such as detections. */
export const PAGE_LIMIT = { min: 1, max: 100, default: 10 } as const;

/** Answers in one feedback message. */
export const ANSWERS_MAX = 100;
/** Boxes or points in one answer. */
export const MARKS_MAX = 10_000;
export const COUNT_MAX = 1_000_000;

/** 2000-01-01T00:00:00Z: an earlier decision_time is a client's mistake (milliseconds read as seconds, or 0). */
export const EARLIEST_DECISION_TIME = 946_684_800;
/** How far ahead of the service's clock a decision_time may be (the service checks it). */
export const DECISION_TIME_MAX_AHEAD_SECONDS = 300;

/** How long an invite's code (and so its link) works after the invite was sent or last resent. */
export const INVITE_CODE_DAYS = 7;

export const APPLICATION_NAME_MAX = 100;
export const APPLICATION_DESCRIPTION_MAX = 10_000;
export const SUBJECTS_PER_LIST_MAX = 100;
export const POST_URLS_MAX = 20;
export const URL_MAX = 2000;
export const APP_MANAGERS_MAX = 100;
/** How many labellers answer each feedback item (`labellers_per_item`). */
export const LABELLERS_PER_ITEM = { min: 1, max: 5, default: 1 } as const;
/** `consensus_tolerance`: how far counts and offsets may differ, and points lie apart (pixels), and still agree. */
export const CONSENSUS_TOLERANCE_MAX = 10_000;
/** `gold_rate`: the share of each feedback pull that is gold items. */
export const GOLD_RATE = { min: 0, max: 0.5, default: 0.1 } as const;

/** Media items one call of `POST /1/applications/{id}/feedback/queue` may queue. */
export const FEEDBACK_QUEUE_MEDIA_MAX = 1_000;
/** `quality_flag_below`: a labeller whose gold accuracy (0 to 1) is under it is flagged. */
export const QUALITY_FLAG_BELOW = { min: 0, max: 1, default: 0.8 } as const;

/** An API key's description. */
export const API_KEY_DESCRIPTION_MAX = 200;
/** API keys one user may hold at once. */
export const API_KEYS_PER_USER_MAX = 100;

/** How deeply a JSON value (a body, a JSON query parameter or form field) may nest objects and arrays. */
export const JSON_DEPTH_MAX = 32;

/**
 * Held-out (validation) answers a model's measure must rest on before it has a value: below this it says "not enough
 * answers" (a null value with that reason) instead of a score, and a release is never decided on it.
 */
export const MIN_HELD_OUT_ANSWERS = 5;

/** The files of one label import as uploaded (zips counted as sent), enforced while they arrive. */
export const IMPORT_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
/** All the label files of one import together, once unzipped: the bytes really inflated, whatever a zip declares. */
export const IMPORT_TOTAL_MAX_BYTES = 200 * 1024 * 1024;
/** Entries one zip of an import may hold (its images included: they are passed over, never inflated). */
export const IMPORT_ZIP_ENTRIES_MAX = 100_000;
/** Images one label import may name. */
export const IMPORT_IMAGES_MAX = 20_000;
/** Marks (boxes, points, classes, values) one label import may hold in all. */
export const IMPORT_MARKS_MAX = 500_000;
/** Columns of a CSV label file. */
export const IMPORT_CSV_COLUMNS_MAX = 64;
/** Characters of one CSV row (a record, quoted line breaks included). */
export const IMPORT_CSV_ROW_MAX_CHARS = 64 * 1024;
/** Rows of the CSV label files of one import together. */
export const IMPORT_CSV_ROWS_MAX = 1_000_000;
/** Characters of one line of a YOLO label file (a polygon of 1,000 points is about 20,000). */
export const IMPORT_YOLO_LINE_MAX_CHARS = 64 * 1024;
/** A label file read whole (a YOLO label file, a VOC annotation, a class list, a manifest); COCO and CSV files stream. */
export const IMPORT_TEXT_FILE_MAX_BYTES = 16 * 1024 * 1024;
/** Characters of a file or image name in a label file. */
export const IMPORT_NAME_MAX_CHARS = 1024;
/** An import whose files are larger than this runs as a background job whose progress `GET …/imports/{id}` shows. */
export const IMPORT_INLINE_MAX_BYTES = 4 * 1024 * 1024;
/** The name of an outside model whose predictions are imported. */
export const MODEL_NAME_MAX = 100;
/**
 * Exemplar boxes in one "find more like these" request (`exemplars` of predict), and the least width and height of
 * one in media pixels: each exemplar is one more template to search with, and a box narrower than this shows no shape.
 */
export const EXEMPLARS = { max: 5, minSide: 4 } as const;
