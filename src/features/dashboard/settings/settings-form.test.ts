import type { Application } from '../../../api/schemas/application';
import { SECURE_URL_MESSAGE } from '../../../api/url-rule';
import {
  changedSettings,
  formFromApplication,
  validateSettings,
} from './settings-form';
import { sampleApplication } from '../testing/test-fixtures';

const app: Application = sampleApplication({
  output_subjects: ['s-cat', 's-dog'],
  detection_thresholds: { 's-cat': 0.5, 's-dog': 0 },
  app_managers: ['boss@acme.test'],
});

describe('changedSettings', () => {
  it('sends nothing when nothing changed', () => {
    expect(changedSettings(app, formFromApplication(app))).toEqual({});
  });

  it('sends only the fields that changed', () => {
    const form = formFromApplication(app);
    form.description = 'Cats and dogs';
    form.detection_thresholds['s-dog'] = 0.7;
    form.app_managers.push(' ada@acme.test ');
    expect(changedSettings(app, form)).toEqual({
      description: 'Cats and dogs',
      detection_thresholds: { 's-cat': 0.5, 's-dog': 0.7 },
      app_managers: ['boss@acme.test', 'ada@acme.test'],
    });
  });

  it('shows the gold settings as percents and sends them as shares, checked by the schema’s limits in percents', () => {
    const form = formFromApplication({ ...app, gold_rate: 0.1, quality_flag_below: 0.8 });
    expect(form).toMatchObject({ goldPercent: '10', qualityFlagPercent: '80' });
    form.goldPercent = '15';
    form.qualityFlagPercent = '72.5';
    expect(changedSettings(app, form)).toEqual({ gold_rate: 0.15, quality_flag_below: 0.725 });
    expect(validateSettings({ ...form, goldPercent: '60', qualityFlagPercent: '' })).toEqual({
      gold_rate: 'Use a percent from 0 to 50.',
      quality_flag_below: 'Use a percent from 0 to 100.',
    });
  });

  it('sends the items to label (feedback_scope) only when it changed', () => {
    const form = formFromApplication(app);
    expect(form.feedback_scope).toBe('uncertain');
    expect(changedSettings(app, form)).toEqual({});
    expect(changedSettings(app, { ...form, feedback_scope: 'all' })).toEqual({ feedback_scope: 'all' });
  });

  it('sends the consensus settings as numbers, and checks them by the application schema before sending', () => {
    const form = formFromApplication(app);
    form.labellersPerItem = '3';
    form.consensusTolerance = '2.5';
    expect(changedSettings(app, form)).toEqual({ labellers_per_item: 3, consensus_tolerance: 2.5 });
    expect(validateSettings({ ...form, labellersPerItem: '6', consensusTolerance: '' })).toEqual({
      labellers_per_item: 'Use a whole number from 1 to 5.',
      consensus_tolerance: 'Use a number from 0 to 10,000.',
    });
  });

  it('maps the feedback rate choice to null or a number', () => {
    const form = formFromApplication(app);
    form.feedbackMode = 'fixed';
    form.feedbackPerHour = '12';
    expect(changedSettings(app, form)).toEqual({ requested_feedback_per_hour: 12 });

    const fixedApp = { ...app, requested_feedback_per_hour: 12 };
    const back = formFromApplication(fixedApp);
    back.feedbackMode = 'system';
    expect(changedSettings(fixedApp, back)).toEqual({ requested_feedback_per_hour: null });
  });

  it('keeps thresholds to the output subjects when they change', () => {
    const form = formFromApplication(app);
    form.output_subjects = ['s-cat', 's-bird'];
    expect(changedSettings(app, form)).toEqual({
      output_subjects: ['s-cat', 's-bird'],
      detection_thresholds: { 's-cat': 0.5, 's-bird': 0 },
    });
  });
});

describe('validateSettings', () => {
  it('names each bad row and a bad rate', () => {
    const form = formFromApplication(app);
    form.detection_post_urls = ['https://hooks.example.com/a', 'http://example.com/b', 'not a url'];
    form.app_managers = ['boss@acme.test', 'nobody'];
    form.feedbackMode = 'fixed';
    form.feedbackPerHour = '2.5';
    expect(Object.keys(validateSettings(form)).sort()).toEqual([
      'app_managers.1',
      'detection_post_urls.1',
      'detection_post_urls.2',
      'requested_feedback_per_hour',
    ]);
  });

  it('accepts a valid form', () => {
    expect(validateSettings(formFromApplication(app))).toEqual({});
  });
});

describe('client-side checks', () => {
  it('takes https anywhere and http only to loopback, saying what the service says', () => {
    const form = formFromApplication(app);
    form.detection_post_urls = ['https://hooks.example.com/x', 'http://127.0.0.1:9000/x', 'http://localhost/x', 'http://hooks.example.com/x', '/relative'];
    expect(validateSettings(form)).toEqual({ 'detection_post_urls.3': SECURE_URL_MESSAGE, 'detection_post_urls.4': SECURE_URL_MESSAGE });
  });
});
