import m0000 from "./0000_room_tables.sql";
import m0001 from "./0001_directory_outbox.sql";
import m0002 from "./0002_bulk_jobs.sql";
import m0003 from "./0003_delivery_repeats.sql";
import m0004 from "./0004_item_changes.sql";
import m0005 from "./0005_item_triggers_and_search.sql";
import m0006 from "./0006_stock_ledger.sql";
import m0007 from "./0007_barcodes_and_reorder_points.sql";
import m0008 from "./0008_movement_prices.sql";
import m0009 from "./0009_variants.sql";
import m0010 from "./0010_location_reorder_points.sql";
import m0011 from "./0011_applied_writes.sql";
import m0012 from "./0012_stocktake_places.sql";
import m0013 from "./0013_tables_made_at_start.sql";
import m0014 from "./0014_store_stock.sql";
import m0015 from "./0015_store_outbox.sql";
import m0016 from "./0016_store_conflicts.sql";
import m0017 from "./0017_product_details.sql";
import m0018 from "./0018_import_photos.sql";
import m0019 from "./0019_store_review.sql";
import m0020 from "./0020_import_staged.sql";
import m0021 from "./0021_share_codes.sql";
import m0022 from "./0022_stocktake_scan_indexes.sql";
import m0023 from "./0023_item_tags.sql";
import m0024 from "./0024_item_words.sql";
import m0025 from "./0025_suppliers.sql";
import m0026 from "./0026_variant_costs.sql";
import m0027 from "./0027_purchase_orders.sql";
import m0028 from "./0028_receiving.sql";
import m0029 from "./0029_stock_worth.sql";
import m0030 from "./0030_print_queue.sql";
import journal from "./meta/_journal.json";

export default {
  journal,
  migrations: {
    m0000,
    m0001,
    m0002,
    m0003,
    m0004,
    m0005,
    m0006,
    m0007,
    m0008,
    m0009,
    m0010,
    m0011,
    m0012,
    m0013,
    m0014,
    m0015,
    m0016,
    m0017,
    m0018,
    m0019,
    m0020,
    m0021,
    m0022,
    m0023,
    m0024,
    m0025,
    m0026,
    m0027,
    m0028,
    m0029,
    m0030,
  },
};
