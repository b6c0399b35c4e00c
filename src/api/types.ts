// The Vision Application Service interface as TypeScript types, shared by the app and the local service.
// Field names follow ../shared/spec/vision-service-interface.md; gaps are filled as ../shared/spec/decisions.md says.
// Bodies with rules are zod schemas under ./schemas and ./application-types; their types are inferred there.

import type { z } from 'zod';
import type { DetectorClassSetting } from './detector/classes';
import type { BoxRegion } from './application-types/box-detection';
import type { PointCoords } from './application-types/point';
import type { applicationInput, applicationSchema } from './schemas/application';
import type { FeedbackResponse, FeedbackSubjectAnswer } from './schemas/feedback';

export type { BoxRegion, FeedbackResponse, FeedbackSubjectAnswer, PointCoords };

export type UnixSeconds = number;

export type TenantType = 'usertenant' | 'orgtenant';

export interface TenantListItem {
  tenant_id: string;
  type: TenantType;
  name: string;
}

export interface TenantList {
  tenants: TenantListItem[];
}

export interface Tenant extends TenantListItem {
  created_at: UnixSeconds;
  modified_at: UnixSeconds;
  cloud_region: string;
  region: null;
  created_by: string;
}

export type TenantRole = 'tenant_admin' | 'tenant_user';

export interface TenantUser {
  user_id: string;
  email: string;
  given_name: string | null;
  surname: string | null;
  role: TenantRole;
}

export interface User {
  user_id: string;
  email: string;
  given_name: string | null;
  surname: string | null;
  created_at: UnixSeconds;
}

export interface CreateUserRequest {
  email: string;
  password: string;
  given_name?: string;
  surname?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  user_email: string;
  user_id: string;
  tenant_id: string;
  tenant_name: string;
  tenant_type: TenantType;
}

export type InvitationStatus = 'pending' | 'accepted' | 'declined';

export interface Invite {
  created_by: string;
  invited_user_email: string;
  invitation_status: InvitationStatus;
  tenant_name: string;
  tenant_id: string;
  resend_counter: number;
  last_resend_by: string | null;
  last_resend_at: UnixSeconds | null;
  created_at: UnixSeconds;
  accepted_at: UnixSeconds | null;
}

/** An invite as its sender gets it: with the acceptance code, shown only this once (a resend makes a new one). */
export interface SentInvite extends Invite {
  invite_code: string;
}

export interface InviteAnswer {
  tenant_id: string;
  invitation_status: 'accepted' | 'declined';
  /** The code that came with the invite; needed when the account was made after the invite was sent. */
  invite_code?: string;
}

export interface VersionRecord {
  version: string;
  build_number: number;
  build_time: string;
}

export interface ListResponse<T> {
  data: T[];
}

export interface PagedResponse<T> extends ListResponse<T> {
  paging: { next?: string };
}

// Applications

export const LABELLABLE_TYPES = [
  'classification',
  'detection_fullframe',
  'box_detection',
  'static_count',
  'offset_x',
  'offset_y',
  'point',
] as const;
export type LabellableType = (typeof LABELLABLE_TYPES)[number];

export const STANDARD_APPLICATION_TYPES = [
  ...LABELLABLE_TYPES,
  'ocr',
  'motion',
  'static_crop',
  'network_camera',
  'social_feed',
  'video_segmentation',
] as const;

export const SPECIAL_APPLICATION_TYPES = [
  'line_crossing',
  'dynamic_tracking',
  'retiler',
  'static_focus',
  'nsfw',
] as const;

export type ApplicationType =
  | (typeof STANDARD_APPLICATION_TYPES)[number]
  | (typeof SPECIAL_APPLICATION_TYPES)[number];

export const RELEASE_METRICS = ['best_recall', 'best_precision', 'best_F1'] as const;
export type ReleaseMetric = (typeof RELEASE_METRICS)[number];

export type Application = z.infer<typeof applicationSchema>;

/** Fields a client may send when creating or updating an application. */
export type ApplicationInput = z.input<typeof applicationInput>;

export interface Subject {
  subject_uid: string;
  name: string;
  description: string;
  /** Extension: the pretrained detector's class for this subject; null maps by its name, `none` to no class. */
  detector_class: DetectorClassSetting;
  tenant_id: string;
  created_by: string;
  created_at: UnixSeconds;
  modified_at: UnixSeconds;
}

// Media

export interface BoxCoords {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Focus {
  box: BoxCoords;
}

export interface Media {
  media_id: string;
  tenant_id: string;
  created_at: UnixSeconds;
  media_timestamp: UnixSeconds;
  md5: string;
  media_format: string;
  size: number;
  image_width: number;
  image_height: number;
  media_url: string;
  resize_urls: Record<string, string>;
  meta_tags: string[];
  parent_media_ids: string[];
  video: boolean;
  status: string;
  set_assignment: string;
  media_src: string;
  author: string | null;
  author_profile_url: string | null;
  external_media_id: string | null;
  filename: string | null;
  frame: number | null;
  license: string | null;
  network_camera_id: string | null;
  original_landing_url: string | null;
  original_url: string | null;
  parent_media_id: string | null;
  preview_url: string | null;
  source_url: string | null;
  title: string | null;
  uploaded_by_user: string | null;
}

// app_data formats (decisions.md): integer pixels of the media, origin top-left. Rules: ./application-types.
export const APP_DATA_TYPES = ['box_set', 'count', 'offset_x', 'offset_y', 'point'] as const;
export type AppDataType = (typeof APP_DATA_TYPES)[number];
export type AppData = BoxRegion[] | number | PointCoords[];

export interface Assertion {
  subject_uid: string;
  detection_id: string;
  user_id: string | null;
  model_id: string | null;
  app_id: string | null;
  app_data_type: AppDataType | null;
  app_data: AppData | null;
  prev_prob: number | null;
  probability: number;
  uncal_prob: number;
  created_at: UnixSeconds;
  media_id: string;
  focus: Focus | null;
}

/** An assertion as the per-media detection list gives it. */
export type MediaAssertion = Omit<Assertion, 'created_at' | 'media_id' | 'focus'> & { timestamp: UnixSeconds };

export interface DetectionRecord {
  media: Media;
  focus: Focus | null;
  detections: Assertion[];
  other_media?: Media[];
  updated_at: UnixSeconds;
}

export interface DetectionsQuery {
  start?: number;
  end?: number;
  probability_upper?: number;
  probability_lower?: number;
  limit?: number;
  reverse?: boolean;
  consensus_none?: boolean;
  only_user?: boolean;
  only_model?: boolean;
  /** Local-service extension: only the proposals of this model version (0: the baseline), not the current model's. */
  model_version?: number;
  cursor?: number;
}

export interface MediaSubjectAssociation {
  media: { media_id: string; media_url: string; resize_urls: Record<string, string>; media_resize_urls: Record<string, string> };
  subject: {
    subject_uid: string;
    media_id: string;
    probability: number;
    timestamp: UnixSeconds;
    app_data: AppData | null;
    app_data_type: AppDataType | null;
    consensus: 'True' | null;
  };
  focus: Focus | null;
}

// Feedback

export interface ProposedSubject {
  subject_uid: string;
  media_id: string;
  probability: number;
  app_data_type: AppDataType | null;
  app_data: AppData | null;
}

export interface FeedbackRequest {
  media_id: string;
  media: Media;
  subjects: ProposedSubject[];
  other_media?: Media[];
  focus?: Focus | null;
}

export interface PendingCount {
  /** Waiting in the queue. */
  pending: number;
  /** Held by labellers (leased, not yet answered). */
  leased: number;
}

// Gateways

export interface GatewayStatus {
  platform?: {
    gpu?: { mem_used?: number; temperature?: string; utilization?: string };
    sys_mem?: { available?: number; total?: number; free?: number; percent_used?: number };
    disk?: { total?: number; free?: number; used?: number; percent?: number };
    cpu?: { idle?: number; user?: number; system?: number };
    network?: { bytes_tx?: number; bytes_rx?: number; errors?: number; drops?: number };
  };
  timestamp?: UnixSeconds;
  cameras?: Record<
    string,
    { rxframes?: number; queue_full?: number; nospace?: number; badframes?: number; last_rxframe?: number; url?: string }
  >;
  cloud_connectivity?: boolean;
  local_disk_cache?: { total?: number; free?: number; used?: number; percent?: number };
  image_cache?: { total?: number; free?: number; used?: number; percent?: number };
}

export interface Gateway {
  gateway_id: string;
  tenant_id: string;
  name: string;
  description: string;
  location: string;
  poll_interval: number;
  ip_address: string;
  mac_address: string;
  serial_number: string;
  model_deployment_policy: string;
  created_at: UnixSeconds;
  modified_at: UnixSeconds;
  created_by: string;
  current_status: GatewayStatus | null;
  previous_status: GatewayStatus | null;
}

export type GatewayInput = Partial<
  Pick<
    Gateway,
    | 'name'
    | 'description'
    | 'location'
    | 'poll_interval'
    | 'ip_address'
    | 'mac_address'
    | 'serial_number'
    | 'model_deployment_policy'
  >
>;

// Errors

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  message: string;
  errors?: FieldError[];
}
