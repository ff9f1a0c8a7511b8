/**
 * Server entry used only at build time (build/prerender.ts): renders a public page to HTML with the same
 * routes the browser uses, so crawlers and readers without JavaScript get the text of the page.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { appRoutes } from './app/router';
import { makeStore } from './app/store';
import { seo, type PublicPath } from './features/landing/content';

export { seo };
export const publicPaths = Object.keys(seo) as PublicPath[];

export async function render(path: PublicPath): Promise<string> {
  const store = makeStore();
  const handler = createStaticHandler(appRoutes(store));
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} redirected while pre-rendering`);
  if (context.statusCode !== 200) throw new Error(`${path} answered ${context.statusCode} while pre-rendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Provider store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </StrictMode>,
  );
}
