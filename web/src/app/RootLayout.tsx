import { Outlet, useNavigation } from 'react-router';
import { Toaster } from '../components/Toaster';

/** Spec §2: the layout wrapper around routes is a white-background container with nested routes. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="min-h-dvh bg-white">
      {navigation.state !== 'idle' && <NavigationProgress />}
      <Outlet />
      <Toaster />
    </div>
  );
}

function NavigationProgress() {
  return (
    <div
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-ink-100"
      role="progressbar"
      aria-label="Loading page"
    >
      <div className="h-full w-1/3 animate-progress bg-brass-600" />
    </div>
  );
}

/** Shown while the first route module downloads. */
export function PageFallback() {
  return <div className="min-h-dvh bg-white" aria-busy="true" />;
}
