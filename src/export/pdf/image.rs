//! The image XObject dictionaries the writer makes, home and press alike:
//! a leaf, so that the PDF/X side ([`super::press`]) and the rest of the
//! writer share them.

use std::collections::BTreeMap;

use printpdf::{DictItem, ExternalStream};

pub(super) fn name(n: &str) -> DictItem {
    DictItem::Name(n.as_bytes().to_vec())
}

/// An image XObject's dictionary entries common to every picture.
pub(super) fn image_dict(width: u32, height: u32, colours: u8) -> BTreeMap<String, DictItem> {
    let space = match colours {
        1 => "DeviceGray",
        4 => "DeviceCMYK",
        _ => "DeviceRGB",
    };
    BTreeMap::from([
        ("Type".to_string(), name("XObject")),
        ("Subtype".to_string(), name("Image")),
        ("Width".to_string(), DictItem::Int(i64::from(width))),
        ("Height".to_string(), DictItem::Int(i64::from(height))),
        ("ColorSpace".to_string(), name(space)),
        ("BitsPerComponent".to_string(), DictItem::Int(8)),
    ])
}

/// A stream of zlib-compressed PNG rows (each row led by its filter byte):
/// `/Predictor 15` tells the reader to undo whichever PNG filter each row
/// names, as a PNG decoder does.
pub(super) fn flate_image(width: u32, height: u32, colours: u8, rows: Vec<u8>) -> ExternalStream {
    let mut dict = image_dict(width, height, colours);
    dict.insert("Filter".to_string(), name("FlateDecode"));
    let parms = BTreeMap::from([
        ("Predictor".to_string(), DictItem::Int(15)),
        ("Colors".to_string(), DictItem::Int(i64::from(colours))),
        ("BitsPerComponent".to_string(), DictItem::Int(8)),
        ("Columns".to_string(), DictItem::Int(i64::from(width))),
    ]);
    dict.insert("DecodeParms".to_string(), DictItem::Dict { map: parms });
    ExternalStream {
        dict,
        content: rows,
        compress: false,
    }
}
