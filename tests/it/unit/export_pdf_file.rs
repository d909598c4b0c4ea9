//! Unit tests of `src/export/pdf/file.rs`.

use pdf_writer::{Name, Ref, Str};

use pitchprint::export::pdf::file::*;

/// A file of three objects (a catalog with odd names and strings, a content
/// stream, the information), `content` the stream's bytes; written out of
/// order, as the document writer does.
fn write(content: &[u8], out: &mut Vec<u8>) -> (u64, Ref) {
    let mut w = Writer::new(out, "1.7").unwrap();
    let root = w.reserve();
    let info = w.reserve();
    let stream = w.reserve();
    w.write(|c| {
        c.stream(stream, content);
    })
    .unwrap();
    w.write(|c| {
        let mut d = c.indirect(root).dict();
        d.pair(Name(b"Type"), Name(b"Test"));
        d.pair(Name(b"Odd name"), Name(b"a/b c"));
        d.pair(Name(b"Text"), Str(b"(unbalanced \\ text"));
        d.insert(Name(b"Numbers"))
            .array()
            .item(-3)
            .item(0.25)
            .item(pdf_writer::Null);
        d.pair(Name(b"Content"), stream);
    })
    .unwrap();
    w.write(|c| {
        c.indirect(info).dict();
    })
    .unwrap();
    (w.finish(root, info).unwrap(), stream)
}

#[test]
fn a_written_document_is_read_back_whole() {
    let mut bytes = Vec::new();
    let (n, stream) = write(b"0 0 m 10 10 l S", &mut bytes);
    assert_eq!(n, bytes.len() as u64);
    let back = lopdf::Document::load_mem(&bytes).unwrap();
    let root = back.trailer.get(b"Root").unwrap().as_reference().unwrap();
    let dict = back.get_dictionary(root).unwrap();
    assert_eq!(dict.get(b"Odd name").unwrap().as_name().unwrap(), b"a/b c");
    assert_eq!(dict.get(b"Text").unwrap().as_str().unwrap(), b"(unbalanced \\ text");
    let numbers = dict.get(b"Numbers").unwrap().as_array().unwrap();
    assert_eq!(numbers[0].as_i64().unwrap(), -3);
    assert!((numbers[1].as_float().unwrap() - 0.25).abs() < 1e-6);
    let content = back.get_object((stream.get() as u32, 0)).unwrap().as_stream().unwrap();
    assert_eq!(content.content, b"0 0 m 10 10 l S");
    let id = back.trailer.get(b"ID").unwrap().as_array().unwrap();
    assert_eq!(id[0].as_str().unwrap().len(), ID_BYTES);
    // The same document, the same bytes; another, another id.
    let mut again = Vec::new();
    write(b"0 0 m 10 10 l S", &mut again);
    assert_eq!(bytes, again);
    let mut other = Vec::new();
    write(b"0 0 m 10 11 l S", &mut other);
    let id_of = |b: &[u8]| {
        let d = lopdf::Document::load_mem(b).unwrap();
        d.trailer.get(b"ID").unwrap().as_array().unwrap()[0]
            .as_str()
            .unwrap()
            .to_vec()
    };
    assert_ne!(id_of(&bytes), id_of(&other));
}

#[test]
fn a_chunk_of_no_object_or_of_two_is_refused() {
    let mut out = Vec::new();
    let mut w = Writer::new(&mut out, "1.7").unwrap();
    let (a, b) = (w.reserve(), w.reserve());
    assert!(w.write(|_| {}).is_err(), "an empty chunk has no offset to record");
    let two = w.write(|c| {
        c.indirect(a).primitive(1);
        c.indirect(b).primitive(2);
    });
    assert!(
        two.is_err(),
        "two objects in one chunk would leave one without its offset"
    );
}

#[test]
fn deflated_bytes_inflate_to_themselves() {
    use std::io::Read;
    let text = b"q 1 0 0 1 0 0 cm Q ".repeat(50);
    let packed = deflate(&text);
    assert!(
        packed.len() < text.len() / 5,
        "{} bytes for {}",
        packed.len(),
        text.len()
    );
    let mut back = Vec::new();
    flate2::read::ZlibDecoder::new(&packed[..])
        .read_to_end(&mut back)
        .unwrap();
    assert_eq!(back, text);
}
