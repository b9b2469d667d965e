/**
 * How to print without the dialog, browser by browser (docs/printing.md):
 * a page cannot print silently by itself — the browser must be set to.
 */
export function SilentPrinting() {
  return (
    <details className="card silent-printing">
      <summary>Printing without the print dialog</summary>
      <p>
        The station opens the print dialog once for each batch of labels. To print at once with no dialog, set up the
        station's browser:
      </p>
      <ul>
        <li>
          <strong>Chrome or Edge</strong> (Windows, macOS, Linux): start it with <code>--kiosk-printing</code> (add it
          to the shortcut's target). Labels go to the system's default printer, so make the label printer the default
          and set its paper size in its driver.
        </li>
        <li>
          <strong>Firefox</strong>: in <code>about:config</code> set <code>print.always_print_silent</code> to{" "}
          <code>true</code>. It prints to the printer last used, with the paper last chosen: print once with the dialog
          first.
        </li>
        <li>
          <strong>Safari, and browsers on phones and tablets</strong>: always show the dialog. Use a computer for the
          station.
        </li>
      </ul>
      <p>
        Keep the station's tab open and in front (its own window): browsers slow down tabs in the background, and a
        sleeping computer prints nothing. The station asks the screen to stay on while it is the station.
      </p>
    </details>
  );
}
