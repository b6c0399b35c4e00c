import { useEffect } from 'react';

const PRODUCT_NAME = 'Looplabel';

/** Sets the tab's title for the current page, e.g. "Sign in · Looplabel". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
