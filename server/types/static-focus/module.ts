import { staticFocusBoxIn, staticFocusSettings } from '../../../src/api/application-types/static-focus';
import type { PipelineModule } from '../pipeline-module';

/**
 * static_focus: every media item of an input subject goes on to the output subjects with the application's fixed
 * focus, placed on it by the interface's rules (staticFocusBoxIn), so that the applications downstream look only at
 * that part. When no focus can be added (every coordinate beyond the media's limits), the item goes on whole.
 */
export const staticFocus: PipelineModule = {
  type: 'static_focus',
  async run(source, customFields) {
    const box = staticFocusBoxIn(staticFocusSettings.parse(customFields), source.width, source.height);
    return { children: [], passOn: { focus: box && { box } } };
  },
};
