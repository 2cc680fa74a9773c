import { Fragment } from 'react';
import { Dialog } from '../../components/Dialog';
import { SHORTCUTS } from '../keyboardShortcuts';
import './ShortcutsDialog.css';

/** The `?` window: every shortcut and what it does. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      <p className="dialog__text">None acts while you type in a field.</p>
      <table className="shortcuts">
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(({ keys, does }) => (
            <tr key={does}>
              <td className="shortcuts__keys">
                {keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 ? ' then ' : null}
                    <kbd>{key}</kbd>
                  </Fragment>
                ))}
              </td>
              <td>{does}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
