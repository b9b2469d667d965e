/** An item's QR label with its downloads: a lazy chunk, so qrcode-generator loads only here. */
import type { ItemDoc } from "../../protocol/api";
import { useRoomLogoUrl } from "../files/room-logo";
import QrCode from "../qr/QrCode";
import QrExportButtons from "../qr/QrExportButtons";

export default function ItemLabel({ item, link }: { item: ItemDoc; link: string }) {
  const logo = useRoomLogoUrl();
  const style = logo ? { logo: { src: logo } } : undefined;
  return (
    <div className="item-label">
      <QrCode data={link} width={192} height={192} style={style} />
      <QrExportButtons data={link} fileName={item.sku || item.title} style={style} />
    </div>
  );
}
