/**
 * One QR code as inline SVG: the same shapes as the canvas and the exported
 * file (geometry.ts), drawn as vectors. Printed labels use it, so every
 * module edge stays sharp at any printer resolution — a canvas scaled onto
 * paper blurs the edges, and with a logo taking part of the error-correction
 * budget that blur was enough to stop ZBar reading the code.
 */
import { useMemo } from "react";
import { layoutQr } from "./geometry";
import { ALT_TEXT, type QrStyle } from "./options";
import { MARK_FONT_FAMILY } from "./shapes";
import { useStableStyle } from "./use-stable-style";

export interface QrVectorProps {
  data: string;
  style?: QrStyle;
  /** The drawing's own units; the element is sized by CSS (it fills its box). */
  size?: number;
  className?: string;
}

export default function QrVector({ data, style, size = 256, className }: QrVectorProps) {
  const stableStyle = useStableStyle(style);
  const laid = useMemo(() => {
    try {
      return { geometry: layoutQr(data, { ...stableStyle, width: size, height: size }) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [data, stableStyle, size]);

  const classes = className ? `qr-code ${className}` : "qr-code";
  if (!laid.geometry)
    return (
      <div className={classes} data-qr-status="error">
        <p className="error" role="alert">
          {laid.error}
        </p>
      </div>
    );
  const { geometry } = laid;
  return (
    <div className={classes} data-qr-status="ready">
      <svg
        role="img"
        aria-label={ALT_TEXT}
        viewBox={`0 0 ${geometry.width} ${geometry.height}`}
        // Crisp edges: no anti-aliasing between neighbouring modules on screen.
        shapeRendering="crispEdges"
        data-qr-data={data}
      >
        {geometry.shapes.map((shape, index) => {
          const key = `${shape.kind}-${index}`;
          switch (shape.kind) {
            case "rect":
              return (
                <rect key={key} x={shape.x} y={shape.y} width={shape.width} height={shape.height} fill={shape.fill} />
              );
            case "path":
              return <path key={key} d={shape.d} fill={shape.fill} fillRule={shape.fillRule} />;
            case "image":
              return (
                <image
                  key={key}
                  x={shape.x}
                  y={shape.y}
                  width={shape.width}
                  height={shape.height}
                  href={shape.src}
                  preserveAspectRatio={shape.fit === "contain" ? "xMidYMid meet" : "none"}
                />
              );
            case "text":
              return (
                <text
                  key={key}
                  x={shape.x}
                  y={shape.y}
                  fontFamily={MARK_FONT_FAMILY}
                  fontSize={shape.fontSize}
                  fontWeight={shape.fontWeight}
                  fill={shape.fill}
                >
                  {shape.text}
                </text>
              );
            default:
              return shape satisfies never;
          }
        })}
      </svg>
    </div>
  );
}
