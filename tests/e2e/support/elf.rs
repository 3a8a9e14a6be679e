//! What a Linux binary asks of the system before `main`, read from its ELF file as the
//! dynamic loader reads it: the libraries it needs (`DT_NEEDED` in the `.dynamic`
//! section) and the symbol versions it needs of each (`.gnu.version_r`, such as
//! `GLIBC_2.28` of `libc.so.6`). Only 64-bit little-endian files (x86-64, aarch64), the
//! release's Linux targets; stripped binaries keep both sections.

use std::path::Path;

/// A binary's dynamic needs.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct DynamicNeeds {
    /// The libraries it needs, in the file's order (`libc.so.6`, `libm.so.6`, ...).
    pub libraries: Vec<String>,
    /// The symbol versions it needs, each with the library that must define it:
    /// (`libc.so.6`, `GLIBC_2.28`).
    pub versions: Vec<(String, String)>,
}

impl DynamicNeeds {
    /// The newest `GLIBC_x.y[.z]` version needed, as numbers, and every `GLIBC_` version
    /// that is no number (`GLIBC_PRIVATE`, which no distribution promises to keep).
    pub fn newest_glibc(&self) -> (Option<Vec<u32>>, Vec<String>) {
        let mut newest: Option<Vec<u32>> = None;
        let mut odd = Vec::new();
        for (_, version) in &self.versions {
            let Some(number) = version.strip_prefix("GLIBC_") else {
                continue;
            };
            match number.split('.').map(str::parse).collect::<Result<Vec<u32>, _>>() {
                Ok(parts) => {
                    if newest.as_ref().is_none_or(|n| parts > *n) {
                        newest = Some(parts);
                    }
                }
                Err(_) => odd.push(version.clone()),
            }
        }
        (newest, odd)
    }
}

/// Reads `path`'s dynamic needs; an error names what is not a 64-bit little-endian ELF
/// file or what in it is out of bounds.
pub fn dynamic_needs(path: &Path) -> Result<DynamicNeeds, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    read(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Section types (`sh_type`) and dynamic tags (`d_tag`) this reader needs.
const SHT_DYNAMIC: u32 = 6;
const SHT_GNU_VERNEED: u32 = 0x6fff_fffe;
const DT_NULL: u64 = 0;
const DT_NEEDED: u64 = 1;

/// A section header's fields that matter here.
struct Section {
    kind: u32,
    offset: usize,
    size: usize,
    link: usize,
    info: usize,
}

fn read(bytes: &[u8]) -> Result<DynamicNeeds, String> {
    if bytes.get(..4) != Some(b"\x7fELF") {
        return Err("not an ELF file".to_string());
    }
    if bytes.get(4..6) != Some(&[2, 1]) {
        return Err("not a 64-bit little-endian ELF file".to_string());
    }
    let sections_at = u64_at(bytes, 0x28)? as usize;
    let entry_size = u16_at(bytes, 0x3a)? as usize;
    let n_sections = u16_at(bytes, 0x3c)? as usize;
    let sections: Vec<Section> = (0..n_sections)
        .map(|idx| {
            let at = sections_at + idx * entry_size;
            Ok(Section {
                kind: u32_at(bytes, at + 4)?,
                offset: u64_at(bytes, at + 24)? as usize,
                size: u64_at(bytes, at + 32)? as usize,
                link: u32_at(bytes, at + 40)? as usize,
                info: u32_at(bytes, at + 44)? as usize,
            })
        })
        .collect::<Result<_, String>>()?;
    // A name in the string table section `table` (a section's `sh_link`).
    let string = |table: usize, at: usize| -> Result<String, String> {
        let table = sections.get(table).ok_or("a link to no section")?;
        let start = table.offset + at;
        let tail = bytes
            .get(start..table.offset + table.size)
            .ok_or("a name out of bounds")?;
        let end = tail.iter().position(|&b| b == 0).ok_or("an unterminated name")?;
        Ok(String::from_utf8_lossy(&tail[..end]).into_owned())
    };

    let mut needs = DynamicNeeds::default();
    for section in sections.iter().filter(|s| s.kind == SHT_DYNAMIC) {
        for at in (section.offset..section.offset + section.size).step_by(16) {
            match u64_at(bytes, at)? {
                DT_NULL => break,
                DT_NEEDED => {
                    let name = u64_at(bytes, at + 8)? as usize;
                    needs.libraries.push(string(section.link, name)?);
                }
                _ => {}
            }
        }
    }
    for section in sections.iter().filter(|s| s.kind == SHT_GNU_VERNEED) {
        // `sh_info` entries (Elf64_Verneed), each followed by its `vn_cnt` versions
        // (Elf64_Vernaux); the `next` fields are offsets from the entry they are in.
        let mut at = section.offset;
        for _ in 0..section.info {
            let n_versions = u16_at(bytes, at + 2)?;
            let file = string(section.link, u32_at(bytes, at + 4)? as usize)?;
            let mut aux = at + u32_at(bytes, at + 8)? as usize;
            for _ in 0..n_versions {
                let name = string(section.link, u32_at(bytes, aux + 8)? as usize)?;
                needs.versions.push((file.clone(), name));
                aux += u32_at(bytes, aux + 12)? as usize;
            }
            at += u32_at(bytes, at + 12)? as usize;
        }
    }
    Ok(needs)
}

fn field<const N: usize>(bytes: &[u8], at: usize) -> Result<[u8; N], String> {
    bytes
        .get(at..at + N)
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| format!("a field at {at:#x} past the end"))
}

fn u16_at(bytes: &[u8], at: usize) -> Result<u16, String> {
    field(bytes, at).map(u16::from_le_bytes)
}

fn u32_at(bytes: &[u8], at: usize) -> Result<u32, String> {
    field(bytes, at).map(u32::from_le_bytes)
}

fn u64_at(bytes: &[u8], at: usize) -> Result<u64, String> {
    field(bytes, at).map(u64::from_le_bytes)
}
