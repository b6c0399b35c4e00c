import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';

/**
 * What the app's layout puts into the page frame's status area (for example whether every answer reached the
 * service): the frame shows it without knowing the feature that made it.
 */
export const StatusSlot = createContext<ReactNode>(null);

export const useStatusSlot = () => useContext(StatusSlot);
