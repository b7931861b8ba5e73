// The floor of the web-size benchmark: react, react-dom and react-router-dom with two routes,
// built exactly as the product is. Nothing here ships.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router-dom';

const router = createBrowserRouter([
  { path: '/', element: <Link to="/other">Other</Link> },
  { path: '/other', element: <Link to="/">Home</Link> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
