import { ErrorText } from "../components/ErrorText";

/** How the last store action went: its notice (announced politely) or its error. */
export function ActionOutcome({ notice, error }: { notice: string | null; error: unknown }) {
  return (
    <>
      {notice && (
        <p role="status" className="store-notice">
          {notice}
        </p>
      )}
      <ErrorText error={error} />
    </>
  );
}
