import type { ReactNode } from 'react';
import { TypeRegistryProvider } from '../contract/registry-context';
import { LABELLING_TYPES } from '../types/registry';

/** The composition root: the one place that hands the workspace the app's labelling types. */
export const WithLabellingTypes = ({ children }: { children: ReactNode }) => (
  <TypeRegistryProvider registry={LABELLING_TYPES}>{children}</TypeRegistryProvider>
);
