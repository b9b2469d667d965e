/** A room's invite as a QR code of its join link (docs/product.md §4), with PNG and SVG downloads. */
import type { QrStyle } from "./options";
import QrCode from "./QrCode";
import QrExportButtons from "./QrExportButtons";
import "./labels.css";

export interface InviteQrProps {
  /** The join link the code opens. */
  link: string;
  /** Used for the caption and the downloaded file's name. */
  roomName?: string;
  style?: QrStyle;
  /** Display size in CSS pixels (256 unless set). */
  size?: number;
}

export default function InviteQr({ link, roomName, style, size = 256 }: InviteQrProps) {
  return (
    <figure className="invite-qr">
      <QrCode data={link} style={style} width={size} height={size} />
      <figcaption>
        Scan to join{roomName ? ` ${roomName}` : ""}
        <br />
        <a className="mono" href={link}>
          {link}
        </a>
      </figcaption>
      <QrExportButtons data={link} style={style} fileName={roomName ? `invite-${roomName}` : "invite"} />
    </figure>
  );
}
