//! Unit tests of `src/export/pdf/file.rs`.

use lopdf::{Dictionary, Object};

use pitchprint::export::pdf::file::*;

/// Writes every object of `doc` under its own id.
fn write(doc: &lopdf::Document, out: &mut Vec<u8>) -> u64 {
    let mut w = Writer::new(out, "1.7").unwrap();
    for (&(id, _), object) in &doc.objects {
        w.object(id, object).unwrap();
    }
    let root = doc.trailer.get(b"Root").unwrap().as_reference().unwrap().0;
    let info = w.reserve();
    w.object(info, &Object::Dictionary(Dictionary::new())).unwrap();
    w.finish(root, info).unwrap()
}

#[test]
fn a_written_document_is_read_back_whole() {
    let mut doc = lopdf::Document::with_version("1.7");
    let mut dict = Dictionary::new();
    dict.set("Type", Object::Name(b"Test".to_vec()));
    dict.set("Odd name", Object::Name(b"a/b c".to_vec()));
    dict.set("Text", Object::string_literal("(unbalanced \\ text"));
    dict.set(
        "Numbers",
        Object::Array(vec![Object::Integer(-3), Object::Real(0.25), Object::Null]),
    );
    let stream = lopdf::Stream::new(Dictionary::new(), b"0 0 m 10 10 l S".to_vec());
    let content = doc.add_object(stream);
    dict.set("Content", Object::Reference(content));
    let root = doc.add_object(dict);
    doc.trailer.set("Root", Object::Reference(root));
    let mut bytes = Vec::new();
    let n = write(&doc, &mut bytes);
    assert_eq!(n, bytes.len() as u64);
    let back = lopdf::Document::load_mem(&bytes).unwrap();
    let dict = back.get_dictionary(root).unwrap();
    assert_eq!(dict.get(b"Odd name").unwrap().as_name().unwrap(), b"a/b c");
    assert_eq!(dict.get(b"Text").unwrap().as_str().unwrap(), b"(unbalanced \\ text");
    let numbers = dict.get(b"Numbers").unwrap().as_array().unwrap();
    assert_eq!(numbers[0].as_i64().unwrap(), -3);
    assert!((numbers[1].as_float().unwrap() - 0.25).abs() < 1e-6);
    let stream = back.get_object(content).unwrap().as_stream().unwrap();
    assert_eq!(stream.content, b"0 0 m 10 10 l S");
    let id = back.trailer.get(b"ID").unwrap().as_array().unwrap();
    assert_eq!(id[0].as_str().unwrap().len(), ID_BYTES);
    // The same document, the same bytes; another, another id.
    let mut again = Vec::new();
    write(&doc, &mut again);
    assert_eq!(bytes, again);
    doc.objects.insert(
        content,
        Object::Stream(lopdf::Stream::new(Dictionary::new(), b"0 0 m 10 11 l S".to_vec())),
    );
    let mut other = Vec::new();
    write(&doc, &mut other);
    let id_of = |b: &[u8]| {
        let d = lopdf::Document::load_mem(b).unwrap();
        d.trailer.get(b"ID").unwrap().as_array().unwrap()[0]
            .as_str()
            .unwrap()
            .to_vec()
    };
    assert_ne!(id_of(&bytes), id_of(&other));
}
