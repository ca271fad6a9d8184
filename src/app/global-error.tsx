"use client";

// Shown when the root layout itself fails, so it cannot use the layout's translations or styles.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "4rem 1rem", textAlign: "center" }}>
        <h1>Something went wrong / Algo salió mal</h1>
        <p>Try again in a moment. / Inténtalo de nuevo en un momento.</p>
        {error.digest && (
          <p>
            Error reference: <code>{error.digest}</code>
          </p>
        )}
        <button type="button" onClick={reset} style={{ padding: "0.6rem 1.2rem", marginTop: "1rem" }}>
          Try again / Reintentar
        </button>
      </body>
    </html>
  );
}
