import { fieldErrorsOf } from '../../../api/field-errors';
import { GOLD_RATE, QUALITY_FLAG_BELOW } from '../../../api/limits';
import { type Application, type ApplicationInput, type FeedbackScope, updateApplicationBody } from '../../../api/schemas/application';
import type { ReleaseMetric } from '../../../api/types';
import { fieldErrorsByName, type FieldErrors } from '../shared/field-errors';
import { numberOf } from './number-text';
import { TYPE_SETTINGS } from './types/registry';
import type { CustomFieldsDraft } from './types/type-settings';

/** The settings page's editable state: text where the person types, the service's shapes elsewhere. */
export interface SettingsForm {
  active: boolean;
  description: string;
  feedbackMode: 'system' | 'fixed';
  feedbackPerHour: string;
  refresh_feedback: boolean;
  feedback_scope: FeedbackScope;
  release_metrics: ReleaseMetric;
  detection_thresholds: Record<string, number>;
  detection_post_urls: string[];
  app_managers: string[];
  input_subjects: string[];
  output_subjects: string[];
  labellersPerItem: string;
  consensusTolerance: string;
  /** gold_rate and quality_flag_below, as percents. */
  goldPercent: string;
  qualityFlagPercent: string;
  /** Only for a type whose own settings in custom_fields are edited in this form: the person's draft of them. */
  typeFields?: CustomFieldsDraft;
}

const percentOf = (share: number) => String(Number((share * 100).toFixed(2)));

/** A percent field's text as the share (0 to 1) it says; unreadable text stays text, so that the rule names the problem. */
const shareOf = (percent: string): number | string => {
  const value = numberOf(percent);
  return typeof value === 'number' ? Number((value / 100).toFixed(4)) : value;
};

/** The rules of the fields typed as percents, in percents. */
const PERCENT_MESSAGES = {
  gold_rate: `Use a percent from ${GOLD_RATE.min * 100} to ${GOLD_RATE.max * 100}.`,
  quality_flag_below: `Use a percent from ${QUALITY_FLAG_BELOW.min * 100} to ${QUALITY_FLAG_BELOW.max * 100}.`,
};

export function formFromApplication(application: Application): SettingsForm {
  return {
    active: application.active,
    description: application.description,
    feedbackMode: application.requested_feedback_per_hour === null ? 'system' : 'fixed',
    feedbackPerHour: application.requested_feedback_per_hour === null ? '' : String(application.requested_feedback_per_hour),
    refresh_feedback: application.refresh_feedback,
    feedback_scope: application.feedback_scope,
    release_metrics: application.release_metrics,
    detection_thresholds: { ...application.detection_thresholds },
    detection_post_urls: [...application.detection_post_urls],
    app_managers: [...application.app_managers],
    input_subjects: [...application.input_subjects],
    output_subjects: [...application.output_subjects],
    labellersPerItem: String(application.labellers_per_item),
    consensusTolerance: String(application.consensus_tolerance),
    goldPercent: percentOf(application.gold_rate),
    qualityFlagPercent: percentOf(application.quality_flag_below),
    typeFields: TYPE_SETTINGS[application.type].draftOf?.(application.custom_fields),
  };
}

function parseFeedbackPerHour(form: SettingsForm): number | null {
  return form.feedbackMode === 'system' ? null : Number(form.feedbackPerHour);
}

/** The service's own rules (the application schema), so that most mistakes show before anything is sent. */
export function validateSettings(form: SettingsForm): FieldErrors {
  const parsed = updateApplicationBody.safeParse(settingsBody(form));
  const errors = {
    ...(parsed.success ? {} : fieldErrorsByName(fieldErrorsOf(parsed.error, 'settings'))),
    ...form.typeFields?.errors(),
  };
  for (const [field, message] of Object.entries(PERCENT_MESSAGES)) if (errors[field]) errors[field] = message;
  if (form.feedbackMode === 'fixed' && form.feedbackPerHour.trim() === '') {
    errors.requested_feedback_per_hour = 'Enter a whole number of 0 or more.';
  }
  return errors;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

function thresholdsFor(form: SettingsForm): Record<string, number> {
  return Object.fromEntries(form.output_subjects.map((uid) => [uid, form.detection_thresholds[uid] ?? 0]));
}

function sameThresholds(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Every setting, as an update body would carry it. */
const settingsBody = (form: SettingsForm): ApplicationInput => ({
  active: form.active,
  description: form.description,
  requested_feedback_per_hour: parseFeedbackPerHour(form),
  refresh_feedback: form.refresh_feedback,
  feedback_scope: form.feedback_scope,
  release_metrics: form.release_metrics,
  detection_post_urls: form.detection_post_urls.map((url) => url.trim()),
  app_managers: form.app_managers.map((manager) => manager.trim()),
  input_subjects: form.input_subjects,
  output_subjects: form.output_subjects,
  detection_thresholds: thresholdsFor(form),
  labellers_per_item: numberOf(form.labellersPerItem) as number,
  consensus_tolerance: numberOf(form.consensusTolerance) as number,
  gold_rate: shareOf(form.goldPercent) as number,
  quality_flag_below: shareOf(form.qualityFlagPercent) as number,
});

/** Only what differs from the application, as the partial update body. */
export function changedSettings(application: Application, form: SettingsForm): ApplicationInput {
  const changes: ApplicationInput = {};
  if (form.active !== application.active) changes.active = form.active;
  if (form.description !== application.description) changes.description = form.description;
  const perHour = parseFeedbackPerHour(form);
  if (perHour !== application.requested_feedback_per_hour) changes.requested_feedback_per_hour = perHour;
  if (form.refresh_feedback !== application.refresh_feedback) changes.refresh_feedback = form.refresh_feedback;
  if (form.feedback_scope !== application.feedback_scope) changes.feedback_scope = form.feedback_scope;
  if (form.release_metrics !== application.release_metrics) changes.release_metrics = form.release_metrics;
  const urls = form.detection_post_urls.map((url) => url.trim());
  if (!sameList(urls, application.detection_post_urls)) changes.detection_post_urls = urls;
  const managers = form.app_managers.map((email) => email.trim());
  if (!sameList(managers, application.app_managers)) changes.app_managers = managers;
  if (!sameList(form.input_subjects, application.input_subjects)) changes.input_subjects = form.input_subjects;
  if (!sameList(form.output_subjects, application.output_subjects)) changes.output_subjects = form.output_subjects;
  const thresholds = thresholdsFor(form);
  if (!sameThresholds(thresholds, application.detection_thresholds)) changes.detection_thresholds = thresholds;
  const labellers = numberOf(form.labellersPerItem);
  if (labellers !== application.labellers_per_item) changes.labellers_per_item = labellers as number;
  const tolerance = numberOf(form.consensusTolerance);
  if (tolerance !== application.consensus_tolerance) changes.consensus_tolerance = tolerance as number;
  const goldRate = shareOf(form.goldPercent);
  if (goldRate !== application.gold_rate) changes.gold_rate = goldRate as number;
  const flagBelow = shareOf(form.qualityFlagPercent);
  if (flagBelow !== application.quality_flag_below) changes.quality_flag_below = flagBelow as number;
  if (form.typeFields && !form.typeFields.isSavedIn(application.custom_fields)) changes.custom_fields = form.typeFields.appliedTo(application.custom_fields);
  return changes;
}
