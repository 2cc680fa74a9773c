import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The light margin scanners need around a QR code, in modules (ISO/IEC 18004 asks for four). */
const QUIET_ZONE = 4;

/**
 * `text` as a QR code (error correction M), drawn as one SVG path: dark modules on white whatever
 * the theme, as a scanner needs them, named for screen readers by `label`.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { path, side } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    const count = code.getModuleCount();
    const squares: string[] = [];
    for (let row = 0; row < count; row += 1) {
      for (let col = 0; col < count; col += 1) {
        if (code.isDark(row, col)) squares.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
    return { path: squares.join(''), side: count + QUIET_ZONE * 2 };
  }, [text]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" className="qr-code">
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
