import { useEffect } from 'react';

const APP_TITLE = 'Back Office';

/** Sets the browser tab's title to 'Back Office | <pageTitle>'. */
export function useDocumentTitle(pageTitle: string | null | undefined) {
  useEffect(() => {
    document.title = pageTitle ? `${APP_TITLE} | ${pageTitle}` : APP_TITLE;
  }, [pageTitle]);
}
