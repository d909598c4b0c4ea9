//! Writes a finished PDF document (objects built with printpdf and lopdf)
//! to a file, object by object, with the pictures' bytes streamed in as
//! each is reached: a photo left in its file is read, copied out and
//! dropped, so the document in memory holds no picture data at all.
//!
//! lopdf's own writer needs every stream's bytes in memory, which for a deck
//! of a thousand photos is the deck twice over; and it keeps its object
//! writer private. So the few rules of PDF's file syntax (ISO 32000-1, 7.3
//! and 7.5) are written out here: a header, the objects, a cross-reference
//! table and a trailer whose `/ID` is a hash of everything before it.

use std::collections::BTreeMap;
use std::hash::Hasher;
use std::io::{self, Write};

use lopdf::{Dictionary, Object, StringFormat};
use siphasher::sip128::{Hasher128, SipHasher13};

use crate::scene::picture::{self, Picture, PictureData};

/// A picture whose stream is written from its file: its dictionary is in
/// the document, its bytes are not.
pub struct Lazy<'a> {
    /// The picture.
    pub picture: &'a Picture,
}

impl Lazy<'_> {
    /// The stream's bytes, in the pieces they are written in: a JPEG file
    /// whole, or a PNG's IDAT chunks (together one zlib stream). The file is
    /// read (and checked unchanged) here, one picture at a time.
    fn write(&self, out: &mut Counting<'_>) -> io::Result<()> {
        let length = |n: usize| Object::Integer(n as i64);
        // The /ID counts a picture by its file's hash, not byte by byte.
        match &self.picture.data {
            PictureData::Jpeg(file) => {
                let bytes = file.read()?;
                out.hasher.write_u128(file.hash());
                out.stream_head(length(bytes.len()))?;
                out.write_unhashed(&bytes)
            }
            PictureData::Png(png) => {
                let bytes = png.file.read()?;
                let chunks: Vec<&[u8]> = picture::idat_chunks(&bytes).collect();
                out.hasher.write_u128(png.file.hash());
                out.stream_head(length(chunks.iter().map(|c| c.len()).sum()))?;
                for chunk in chunks {
                    out.write_unhashed(chunk)?;
                }
                Ok(())
            }
        }
    }
}

/// The length of the /ID strings, in bytes (the usual 16 of an MD5).
pub const ID_BYTES: usize = 16;

/// A PDF file being written object by object: ids are handed out as
/// objects are met ([`Writer::reserve`]), each object is written once it is
/// complete, in any order, and [`Writer::finish`] writes the cross-reference
/// table and the trailer. Nothing written is kept but its offset.
pub struct Writer<'a> {
    out: Counting<'a>,
    offsets: BTreeMap<u32, u64>,
    next: u32,
}

impl<'a> Writer<'a> {
    /// Starts a file of PDF `version` ("1.7") on `out`.
    pub fn new(out: &'a mut dyn Write, version: &str) -> io::Result<Writer<'a>> {
        let mut out = Counting {
            inner: out,
            written: 0,
            hasher: SipHasher13::new_with_keys(0, 0),
        };
        // A comment of four bytes above 127 tells transfer programs the file
        // is binary (7.5.2).
        out.put(format!("%PDF-{version}\n").as_bytes())?;
        out.put(b"%\xE2\xE3\xCF\xD3\n")?;
        Ok(Writer {
            out,
            offsets: BTreeMap::new(),
            next: 1,
        })
    }

    /// A new object id, for an object written later.
    pub fn reserve(&mut self) -> u32 {
        let id = self.next;
        self.next += 1;
        id
    }

    /// Writes object `id` (a stream with its /Length set from its bytes).
    pub fn object(&mut self, id: u32, object: &Object) -> io::Result<()> {
        self.begin(id)?;
        match object {
            Object::Stream(stream) => {
                self.out.dict_open(&stream.dict)?;
                self.out.stream_head(Object::Integer(stream.content.len() as i64))?;
                self.out.put(&stream.content)?;
                self.out.put(b"\nendstream")?;
            }
            _ => self.out.object(object)?,
        }
        self.out.put(b"\nendobj\n")
    }

    /// Writes object `id`, an image stream of dictionary `dict` whose bytes
    /// come from `picture`'s file, read now.
    pub fn picture(&mut self, id: u32, dict: &Dictionary, picture: &Lazy<'_>) -> io::Result<()> {
        self.begin(id)?;
        self.out.dict_open(dict)?;
        picture.write(&mut self.out)?;
        self.out.put(b"\nendstream")?;
        self.out.put(b"\nendobj\n")
    }

    fn begin(&mut self, id: u32) -> io::Result<()> {
        self.next = self.next.max(id + 1);
        self.offsets.insert(id, self.out.written);
        self.out.put(format!("{id} 0 obj\n").as_bytes())
    }

    /// Writes the cross-reference table and the trailer naming `root` (the
    /// catalog) and `info`, and returns the file's length in bytes.
    pub fn finish(mut self, root: u32, info: u32) -> io::Result<u64> {
        let size = self.next;
        let xref = self.out.written;
        // Each entry is exactly 20 bytes; ids no object has are free.
        self.out
            .put(format!("xref\n0 {size}\n0000000000 65535 f \n").as_bytes())?;
        for id in 1..size {
            let entry = match self.offsets.get(&id) {
                Some(offset) => format!("{offset:010} 00000 n \n"),
                None => "0000000000 00000 f \n".to_string(),
            };
            self.out.put(entry.as_bytes())?;
        }
        // The /ID is a hash of everything above (the pictures by their own
        // hashes): the same pages give the same id on every machine, and
        // other pages another.
        let id: [u8; ID_BYTES] = self.out.hasher.finish128().as_u128().to_be_bytes();
        let id = Object::String(id.to_vec(), StringFormat::Hexadecimal);
        let mut trailer = Dictionary::new();
        trailer.set("Size", Object::Integer(i64::from(size)));
        trailer.set("Root", Object::Reference((root, 0)));
        trailer.set("Info", Object::Reference((info, 0)));
        trailer.set("ID", Object::Array(vec![id.clone(), id]));
        self.out.put(b"trailer\n")?;
        self.out.object(&Object::Dictionary(trailer))?;
        self.out.put(format!("\nstartxref\n{xref}\n%%EOF\n").as_bytes())?;
        Ok(self.out.written)
    }
}

/// A writer that counts what it writes (for the cross-reference offsets)
/// and hashes it (for the /ID).
struct Counting<'a> {
    inner: &'a mut dyn Write,
    written: u64,
    hasher: SipHasher13,
}

impl Counting<'_> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.hasher.write(bytes);
        self.write_unhashed(bytes)
    }

    /// Writes picture bytes, which the /ID counts by their hash instead.
    fn write_unhashed(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.inner.write_all(bytes)?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// A stream's dictionary without its closing `>>` (the /Length, known
    /// only once the bytes are, comes last: see [`Counting::stream_head`]).
    fn dict_open(&mut self, dict: &Dictionary) -> io::Result<()> {
        self.put(b"<<")?;
        for (key, value) in dict {
            if key.as_slice() == b"Length" {
                continue;
            }
            self.name(key)?;
            self.separated(value)?;
        }
        Ok(())
    }

    /// A stream's /Length, the dictionary's end and the `stream` keyword.
    fn stream_head(&mut self, length: Object) -> io::Result<()> {
        self.name(b"Length")?;
        self.separated(&length)?;
        self.put(b">>\nstream\n")
    }

    /// A value after a name or an array item: a space where the two would
    /// otherwise run together.
    fn separated(&mut self, value: &Object) -> io::Result<()> {
        if matches!(
            value,
            Object::Null | Object::Boolean(_) | Object::Integer(_) | Object::Real(_) | Object::Reference(_)
        ) {
            self.put(b" ")?;
        }
        self.object(value)
    }

    fn object(&mut self, object: &Object) -> io::Result<()> {
        match object {
            Object::Null => self.put(b"null"),
            Object::Boolean(b) => self.put(if *b { b"true" } else { b"false" }),
            Object::Integer(i) => self.put(i.to_string().as_bytes()),
            Object::Real(r) => self.put(real(*r).as_bytes()),
            Object::Name(n) => self.name(n),
            Object::String(text, StringFormat::Literal) => self.literal(text),
            Object::String(text, StringFormat::Hexadecimal) => {
                let hex: String = text.iter().map(|b| format!("{b:02X}")).collect();
                self.put(format!("<{hex}>").as_bytes())
            }
            Object::Array(items) => {
                self.put(b"[")?;
                for (i, item) in items.iter().enumerate() {
                    if i == 0 {
                        self.object(item)?;
                    } else {
                        self.separated(item)?;
                    }
                }
                self.put(b"]")
            }
            Object::Dictionary(dict) => {
                self.put(b"<<")?;
                for (key, value) in dict {
                    self.name(key)?;
                    self.separated(value)?;
                }
                self.put(b">>")
            }
            Object::Stream(stream) => {
                // A stream inside another object is not valid PDF; written
                // as its dictionary only, it is at least a valid file.
                self.object(&Object::Dictionary(stream.dict.clone()))
            }
            Object::Reference((id, generation)) => self.put(format!("{id} {generation} R").as_bytes()),
        }
    }

    /// A name: bytes outside `!`..`~`, white space and delimiters as `#xx`
    /// (7.3.5).
    fn name(&mut self, name: &[u8]) -> io::Result<()> {
        let mut out = vec![b'/'];
        for &b in name {
            if b"\t\n\x0C\r ()<>[]{}/%#".contains(&b) || !(33..=126).contains(&b) {
                out.extend(format!("#{b:02X}").bytes());
            } else {
                out.push(b);
            }
        }
        self.put(&out)
    }

    /// A literal string: every parenthesis, backslash and carriage return
    /// escaped (7.3.4.2), so nothing needs balancing.
    fn literal(&mut self, text: &[u8]) -> io::Result<()> {
        let mut out = Vec::with_capacity(text.len() + 2);
        out.push(b'(');
        for &b in text {
            match b {
                b'(' | b')' | b'\\' => out.extend([b'\\', b]),
                b'\r' => out.extend(*b"\\r"),
                _ => out.push(b),
            }
        }
        out.push(b')');
        self.put(&out)
    }
}

/// A real number as PDF reads it: no exponent, no more digits than an f32
/// holds, and never `-0`. (NaN and infinities cannot be written; the
/// checker refuses the geometry that would make them, and 0 stands in.)
fn real(r: f32) -> String {
    if !r.is_finite() {
        return "0".to_string();
    }
    let s = format!("{r}");
    if s == "-0" { "0".to_string() } else { s }
}
