import { createContext, createElement, type ReactNode, useContext } from 'react';
import type { TypeRegistry } from './type-registry';

const RegistryContext = createContext<TypeRegistry | null>(null);

/** Hands the workspace the types it labels (the routes hand it the app's registry, tests may hand it a few types). */
export const TypeRegistryProvider = ({ registry, children }: { registry: TypeRegistry; children: ReactNode }) =>
  createElement(RegistryContext.Provider, { value: registry }, children);

export function useTypeRegistry(): TypeRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('The labelling workspace needs a TypeRegistryProvider above it.');
  return registry;
}
