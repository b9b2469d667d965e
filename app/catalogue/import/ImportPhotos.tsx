/**
 * The photos an import names by address, on their way into the room
 * (worker/inventory/import-photos.ts): a bar while they come, then how many
 * are in, and each that could not be brought in by its row, in words.
 */
import { COLLECTION, type ImportPhotosDoc, PUBLICATION } from "../../../protocol/api";
import { type LiveDoc, useFind } from "../../live";
import { useSubscribe } from "../../live-api";
import { ProgressLine } from "./ImportProgress";
import { ProblemList } from "./ImportSummary";

const isPhotos = (doc: LiveDoc): doc is LiveDoc & ImportPhotosDoc => doc._id === "photos";

const photosText = (n: number) => (n === 1 ? "1 photo" : `${n.toLocaleString("en")} photos`);

export function ImportPhotos() {
  useSubscribe(PUBLICATION.IMPORT_PHOTOS);
  const [photos] = useFind(COLLECTION.IMPORT_PHOTOS, isPhotos);
  if (!photos || photos.waiting + photos.done + photos.failed === 0) return null;
  const total = photos.waiting + photos.done + photos.failed;
  const through = photos.done + photos.failed;
  return (
    <section className="import-photos" aria-label="Photos" data-testid="import-photos">
      {photos.waiting > 0 ? (
        <ProgressLine
          label="Photos brought in"
          done={through}
          total={total}
          valueText={`${through.toLocaleString("en")} of ${photosText(total)}`}
        >
          Bringing in photos from their addresses: {through.toLocaleString("en")} of {photosText(total)}
        </ProgressLine>
      ) : (
        <p role="status">
          {photosText(photos.done)} brought in from their addresses
          {photos.failed > 0 ? `; ${photosText(photos.failed)} could not be` : ""}.
        </p>
      )}
      <ProblemList
        problems={photos.failures.map((failure) => ({
          row: failure.row,
          column: "Image Src",
          message: `${failure.error} (${failure.url})`,
        }))}
        label="Photos not brought in"
        testId="import-photo-failures"
      />
    </section>
  );
}
