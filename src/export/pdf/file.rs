//! The PDF file itself, written object by object as the document is made:
//! each object is serialised by `pdf-writer` into a chunk of its own and
//! written at once, so memory holds one page, one picture or one font at a
//! time, never the document. What `pdf-writer`'s own `Pdf` would keep to the
//! end is written here: the header, the cross-reference table (each
//! object's offset) and the trailer, whose `/ID` is a hash of everything
//! before it (ISO 32000-1, 7.5), so the same pages give the same file.

use std::collections::BTreeMap;
use std::hash::Hasher;
use std::io::{self, Write};

use pdf_writer::{Chunk, Dict, Name, Ref, Settings};
use siphasher::sip128::{Hasher128, SipHasher13};

/// How `pdf-writer` ends an indirect object written compactly.
const END_OBJECT: &[u8] = b"\nendobj\n";

/// The length of the /ID strings, in bytes (the usual 16 of an MD5).
pub const ID_BYTES: usize = 16;

/// A PDF file being written object by object: ids are handed out as
/// objects are met ([`Writer::reserve`]), each object is written once it is
/// complete, in any order ([`Writer::write`]), and [`Writer::finish`] writes
/// the cross-reference table and the trailer. Nothing written is kept but
/// its offset.
pub struct Writer<'a> {
    out: &'a mut dyn Write,
    written: u64,
    hasher: SipHasher13,
    offsets: BTreeMap<i32, u64>,
    next: i32,
}

impl<'a> Writer<'a> {
    /// Starts a file of PDF `version` ("1.7") on `out`.
    pub fn new(out: &'a mut dyn Write, version: &str) -> io::Result<Writer<'a>> {
        let mut writer = Writer {
            out,
            written: 0,
            hasher: SipHasher13::new_with_keys(0, 0),
            offsets: BTreeMap::new(),
            next: 1,
        };
        writer.put(format!("%PDF-{version}\n").as_bytes())?;
        // A comment of four bytes above 127 tells transfer programs the file
        // is binary (7.5.2).
        writer.put(b"%\xE2\xE3\xCF\xD3\n")?;
        Ok(writer)
    }

    /// A new object id, for an object written later.
    pub fn reserve(&mut self) -> Ref {
        let id = Ref::new(self.next);
        self.next += 1;
        id
    }

    /// Writes stream `id`: the dictionary `dict` writes (its `/Length`
    /// added here), then `pieces` one after the other as its bytes, written
    /// as they are given, never copied together (a photo's file, or a PNG's
    /// chunks). With the `digest` of the file the pieces come from, the
    /// `/ID` counts them by it instead of hashing every byte again (a deck
    /// of a thousand photos is 150 MB of them).
    pub fn write_stream(
        &mut self,
        id: Ref,
        dict: impl FnOnce(&mut Dict<'_>),
        pieces: &[&[u8]],
        digest: Option<u128>,
    ) -> io::Result<()> {
        let length: usize = pieces.iter().map(|p| p.len()).sum();
        let length = i32::try_from(length).map_err(|_| io::Error::other("a PDF stream of more than 2 GB"))?;
        let mut chunk = Chunk::with_settings(Settings { pretty: false });
        {
            let mut d = chunk.indirect(id).dict();
            dict(&mut d);
            d.pair(Name(b"Length"), length);
        }
        // An indirect dictionary ends its object; the stream goes between.
        let head = chunk
            .as_bytes()
            .strip_suffix(END_OBJECT)
            .ok_or_else(|| io::Error::other("a PDF object that does not end as an object"))?;
        self.next = self.next.max(id.get() + 1);
        self.offsets.insert(id.get(), self.written);
        self.put(head)?;
        self.put(b"\nstream\n")?;
        match digest {
            Some(digest) => {
                self.hasher.write_u128(digest);
                self.hasher.write_i32(length);
                for piece in pieces {
                    self.put_unhashed(piece)?;
                }
            }
            None => {
                for piece in pieces {
                    self.put(piece)?;
                }
            }
        }
        self.put(b"\nendstream\nendobj\n")
    }

    /// Writes the one object `make` writes into a fresh chunk (compactly:
    /// no indentation). Fails if it writes none or several, whose offsets
    /// this writer could not know.
    pub fn write(&mut self, make: impl FnOnce(&mut Chunk)) -> io::Result<()> {
        let mut chunk = Chunk::with_settings(Settings { pretty: false });
        make(&mut chunk);
        let refs: Vec<Ref> = chunk.refs().collect();
        let [id] = refs[..] else {
            return Err(io::Error::other(format!(
                "a PDF chunk holds {} objects, not one",
                refs.len()
            )));
        };
        self.next = self.next.max(id.get() + 1);
        self.offsets.insert(id.get(), self.written);
        self.put(chunk.as_bytes())
    }

    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.hasher.write(bytes);
        self.put_unhashed(bytes)
    }

    fn put_unhashed(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// Writes the cross-reference table and the trailer naming `root` (the
    /// catalog) and `info`, and returns the file's length in bytes.
    pub fn finish(mut self, root: Ref, info: Ref) -> io::Result<u64> {
        let size = self.next;
        let xref = self.written;
        // Each entry is exactly 20 bytes; ids no object has are free.
        let mut table = format!("xref\n0 {size}\n0000000000 65535 f \n");
        for id in 1..size {
            match self.offsets.get(&id) {
                Some(offset) => table.push_str(&format!("{offset:010} 00000 n \n")),
                None => table.push_str("0000000000 00000 f \n"),
            }
        }
        self.put(table.as_bytes())?;
        // The /ID is a hash of everything above: the same pages give the
        // same id on every machine, and other pages another.
        let id: [u8; ID_BYTES] = self.hasher.finish128().as_u128().to_be_bytes();
        let hex: String = id.iter().map(|b| format!("{b:02X}")).collect();
        let trailer = format!(
            "trailer\n<</Size {size}/Root {} 0 R/Info {} 0 R/ID [<{hex}> <{hex}>]>>\nstartxref\n{xref}\n%%EOF\n",
            root.get(),
            info.get()
        );
        self.put(trailer.as_bytes())?;
        Ok(self.written)
    }
}

/// `bytes` compressed for a `/FlateDecode` stream (zlib, its default level:
/// measured against the best level on the main job, see
/// benches/pdf_writer.md).
pub fn deflate(bytes: &[u8]) -> Vec<u8> {
    let mut encoder =
        flate2::write::ZlibEncoder::new(Vec::with_capacity(bytes.len() / 3), flate2::Compression::default());
    // Writing into a vector cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}
