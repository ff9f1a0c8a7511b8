import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { appRoutes } from './app/router';
import { makeStore } from './app/store';
import './styles.css';
import { applyTheme, loadPreferences } from './features/settings/preferences';

applyTheme(loadPreferences().theme);
const store = makeStore();
const router = createBrowserRouter(appRoutes(store));

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
