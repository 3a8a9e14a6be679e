//! `--serve --stdin`: the page linked to the language server. Its messages
//! (`hexcells_core::viewer_protocol`) come on stdin and reach the controller's thread as
//! the window's do; the controller writes clicks and edits on stdout itself. The page's
//! URL goes out first, as the protocol's `serving` message, since stdout is the
//! protocol's.

use std::io::Write;
use std::sync::mpsc::Sender;

use hexcells_core::viewer_protocol::FromViewer;

use super::shared::ToDriver;
use crate::controller::spawn_stdin_reader;

/// Tells the language server where the page is.
pub fn tell_url(url: String) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{}", FromViewer::Serving { url }.encode())?;
    stdout.flush()
}

/// Reads the server's messages from stdin for the controller's thread (the window's
/// reader, `controller::spawn_stdin_reader`); the end of stdin ends the viewer.
pub fn spawn_reader(to_driver: Sender<ToDriver>) {
    spawn_stdin_reader(move |event| to_driver.send(ToDriver::Event(event)).is_ok());
}
