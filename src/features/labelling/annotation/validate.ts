import { fieldErrorsOf } from '../../../api/field-errors';
import { feedbackAnswerErrors, feedbackResponse, type FeedbackResponse } from '../../../api/schemas/feedback';
import type { Application } from '../../../api/schemas/application';
import type { Media } from '../../../api/schemas/media';

/**
 * Every way the response breaks the contract for the application's type, as the service would say it; empty when it
 * is valid. Only the service's own checks (the media exists in the tenant, decision_time against its clock) are left.
 */
export function validateFeedback(app: Application, response: FeedbackResponse, media: Media): string[] {
  if (response.media_id !== media.media_id) return ['media_id does not match the media.'];
  const parsed = feedbackResponse.safeParse(response);
  const errors = parsed.success
    ? feedbackAnswerErrors(parsed.data, {
        type: app.type,
        outputSubjects: app.output_subjects,
        width: media.image_width,
        height: media.image_height,
      })
    : fieldErrorsOf(parsed.error, 'body');
  return errors.map((error) => error.message);
}
