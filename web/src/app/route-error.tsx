import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';

/** Router defaults (docs/product.md): 404 Not Found, 405, 400, or "Unexpected Application Error!". */
export function RouteError({ notFound = false }: { notFound?: boolean }) {
  const error = useRouteError();
  let title: string = MESSAGES.unexpectedApplicationError;
  let status: number | undefined;
  if (notFound) {
    status = 404;
    title = MESSAGES.notFound;
  } else if (isRouteErrorResponse(error)) {
    status = error.status;
    title =
      error.status === 404
        ? MESSAGES.notFound
        : error.status === 405
          ? MESSAGES.methodNotAllowed
          : error.status === 400
            ? MESSAGES.badRequest
            : MESSAGES.unexpectedApplicationError;
  }
  return (
    <main className="route-error">
      <h1>{status ? `${status} ${title}` : title}</h1>
    </main>
  );
}
