import { LiveError } from "../../protocol/errors";

/** What a user sees of a failed call: the server's reason, never internals. */
export function errorMessage(error: unknown): string {
  if (error instanceof LiveError) return error.reason ?? String(error.error);
  return "Something went wrong. Please try again.";
}

export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {errorMessage(error)}
    </p>
  );
}
