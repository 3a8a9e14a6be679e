//! `--serve --stdin`: the page linked to the language server. Its messages
//! (`hexcells_core::viewer_protocol`) come on stdin and reach the controller's thread as
//! the window's do; the controller writes clicks and edits on stdout itself. The page's
//! URL goes out first, as the protocol's `serving` message, since stdout is the
//! protocol's.

use std::io::{BufRead, Write};
use std::sync::mpsc::Sender;

use hexcells_core::viewer_protocol::{FromViewer, ToViewer};

use super::driver::ToDriver;
use crate::controller::UserEvent;

/// Tells the language server where the page is.
pub fn tell_url(url: String) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{}", FromViewer::Serving { url }.encode())?;
    stdout.flush()
}

/// Reads the server's messages from stdin on a thread of its own; a line that is not a
/// message is reported on stderr and skipped. The end of stdin ends the viewer.
pub fn spawn_reader(to_driver: Sender<ToDriver>) {
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if line.trim().is_empty() {
                continue;
            }
            match ToViewer::decode(&line) {
                Ok(message) => {
                    if to_driver
                        .send(ToDriver::Event(UserEvent::Editor(message)))
                        .is_err()
                    {
                        return;
                    }
                }
                Err(e) => eprintln!("hexcells-view: {e}"),
            }
        }
        let _ = to_driver.send(ToDriver::Event(UserEvent::EditorGone));
    });
}
