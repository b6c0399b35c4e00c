import type { ComponentType, ReactNode } from 'react';
import type { Application } from '../../../../api/schemas/application';
import type { FieldErrors } from '../../shared/field-errors';

/** What a form of a type's own is given: the application, and whether the caller may only read it. */
export interface TypeFormProps {
  application: Application;
  readOnly: boolean;
}

/** A type's settings in custom_fields as the person is typing them into the main settings form, which saves them. */
export interface CustomFieldsDraft {
  /** custom_fields with the draft's settings in place of their own (other keys kept). */
  appliedTo(customFields: Record<string, unknown>): Record<string, unknown>;
  /** Whether custom_fields hold the draft's settings already (the service may give keys back in another order). */
  isSavedIn(customFields: Record<string, unknown>): boolean;
  /** The contract's rule of the draft, as error messages by field name (`custom_fields.max_frames`, …). */
  errors(): FieldErrors;
  /** The fields that edit the draft; each change gives a new draft. */
  fields(errors: FieldErrors, onChange: (draft: CustomFieldsDraft) => void): ReactNode;
}

/** What the New application dialog asks of a type besides its name, subjects and description (a camera's address). */
export interface TypeCreation {
  /** The fields' start: the rule's defaults. */
  initial(): Record<string, string>;
  Fields: ComponentType<{ values: Record<string, string>; onChange: (key: string, text: string) => void; errors: FieldErrors }>;
  /** custom_fields from what was typed, by the contract's rule; or why not, by field. */
  customFields(values: Record<string, string>): { customFields: Record<string, unknown> } | { errors: FieldErrors };
}

/** What an application type adds to the settings page and the New application dialog, which never name a type; most types add nothing. */
export interface TypeSettings {
  /** What a new application of the type needs to be told (absent: nothing but the common fields). */
  creation?: TypeCreation;
  /** Settings in custom_fields that the main form edits and saves with the rest: a draft of the saved ones. */
  draftOf?(customFields: Record<string, unknown>): CustomFieldsDraft;
  /** A form of the type's own below the main one, saved on its own (or, for a type without settings, what the page should show of it). */
  OwnForm?: ComponentType<TypeFormProps>;
}
