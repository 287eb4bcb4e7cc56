import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { ChunkLoadError, isChunkLoadError } from '@/lib/lazy-chunk';
import { ErrorPanel } from './error-panel';
import { useTranslation } from 'react-i18next';

const reload = () => window.location.reload();

/**
 * The router's error element: a screen whose code did not load asks for a reload
 * ('Loading chunk failed'); anything else is 'Unexpected Application Error!'.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();

  if (isChunkLoadError(error)) {
    return (
      <ErrorPanel
        title={t('Loading chunk failed')}
        message={t('Part of the console could not be downloaded. Check the connection, then reload the page.')}
        detail={error instanceof ChunkLoadError ? undefined : (error as Error).message}
        actionLabel={t('Reload')}
        onAction={reload}
      />
    );
  }

  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;

  return (
    <ErrorPanel
      title={t('Unexpected Application Error!')}
      message={t('Something went wrong while showing this page.')}
      detail={detail}
      actionLabel={t('Reload')}
      onAction={reload}
      homeHref={paths.app.dashboard.getHref()}
    />
  );
}
