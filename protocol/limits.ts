/** The sizes both sides enforce: the app checks them before sending, the server refuses past them. */
export const LIMITS = {
  ROOM_NAME: 80,
  ITEM_TITLE: 200,
  ITEM_TEXT: 5_000,
  SKU: 64,
  LOCATION: 200,
  TAG: 40,
  TAGS: 30,
  PHOTOS: 20,
  /** 1,000,000.00 in the smallest currency unit. */
  PRICE_CENTS: 100_000_000,
  QUANTITY: 1_000_000,
  /** Items one bulk call may change (the app sends bigger selections in steps of this). */
  BULK: 500,
  /**
   * Items one status change may name: the server works through them as a
   * job, LIMITS.BULK at a time, whether or not the tab that asked stays open.
   */
  SELECTION: 10_000,
  /**
   * Items one bulk edit of a selection may name: its undo (the items as they
   * were, the movements it made) is kept with its job, well inside a row.
   */
  EDIT_SELECTION: 5_000,
  /** Rooms with more items than this get their catalogue in windows (items.window), not whole. */
  BIG_ROOM: 5_000,
  /** Items one `items.window` may show, and one `items.copy` page holds. */
  WINDOW: 1_000,
  /** Files one `files` subscription names (the photos a screen shows), and one `files.sources` call asks about. */
  FILES_WINDOW: 500,
  /** The longest text a stocktake scan accepts: a label's link or a SKU. */
  SCAN: 500,
  /** The most locations one stocktake counts at. */
  STOCKTAKE_LOCATIONS: 50,
  /** History entries sent when an item page opens (newest first). */
  HISTORY: 100,
  /** Store domains, client IDs, secrets and access tokens. */
  STORE_CREDENTIAL: 500,
  LOCATION_NAME: 80,
  /** Locations a room may have, archived ones included. */
  LOCATIONS: 50,
  /** A movement's note and reference. */
  MOVEMENT_NOTE: 500,
  /** Movements one ledger read sends (newest first). */
  LEDGER: 500,
  /** Options a product may have (Size, Colour, Material), as Shopify allows. */
  OPTIONS: 3,
  /** Variants one product may have. */
  VARIANTS: 100,
  OPTION_NAME: 40,
  /** A vendor's name or a product type. */
  PRODUCT_WORD: 255,
  /** What search engines show: Shopify's limits. */
  SEO_TITLE: 70,
  SEO_DESCRIPTION: 320,
  OPTION_VALUE: 60,
  /** Variants (CSV rows) one `items.import` call carries: a file is sent in parts of this. */
  IMPORT_PART: 500,
  /** Variants (CSV rows) one `items.importStage` call carries: the server cuts it into parts. */
  IMPORT_PIECE: 5_000,
  /** The largest CSV file the import reads. */
  IMPORT_BYTES: 20 * 1024 * 1024,
} as const;
