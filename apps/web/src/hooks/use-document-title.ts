import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title to 'Back Office | <pageTitle>' (the page title given translated), in the console's language. */
export function useDocumentTitle(pageTitle: string | null | undefined) {
  const { t } = useTranslation();
  const appTitle = t('Back Office');
  useEffect(() => {
    document.title = pageTitle ? `${appTitle} | ${pageTitle}` : appTitle;
  }, [appTitle, pageTitle]);
}
