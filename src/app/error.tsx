"use client";

import { lazy, Suspense } from "react";

// Every page carries its error boundary; the screen's own code (icons, layout) loads only when a
// page actually fails.
const ErrorScreen = lazy(() => import("@/components/layout/error-screen"));

export default function ErrorBoundary(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorScreen {...props} />
    </Suspense>
  );
}
