//! Pictures as image XObjects, home and press alike: a leaf, so that the
//! PDF/X side ([`super::press`]) and the document share it.
//!
//! Nothing is decoded or re-encoded on the way into a home PDF: a JPEG is
//! embedded as its file (`/DCTDecode`), a PNG as its compressed rows
//! (`/FlateDecode` with the PNG predictor). The file is read (and checked
//! unchanged) only when its picture is written, one picture at a time.

use std::borrow::Cow;
use std::io;

use pdf_writer::{Finish, Name, Ref};

use super::file;
use crate::scene::picture::{self, Picture, PictureData};

/// How an image's bytes are encoded.
pub(super) enum Encoding {
    /// A JPEG file's bytes.
    Jpeg,
    /// zlib-compressed rows, each led by its PNG filter byte (or a PNG
    /// file holding them, [`Image::png_file`]).
    PngRows,
}

/// An image stream ready to write: its size, colours (1 grey, 3 RGB, 4
/// CMYK), bytes and, for a picture with transparency, its soft mask.
pub(super) struct Image<'a> {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) colours: u8,
    pub(super) encoding: Encoding,
    pub(super) bytes: Cow<'a, [u8]>,
    /// A CMYK JPEG's samples as Adobe writes them, inverted (`/Decode [1 0
    /// 1 0 1 0 1 0]`, as Acrobat and every reader take them).
    pub(super) inverted: bool,
    /// The alpha, an image of one grey sample a pixel, so what lies under
    /// the picture shows.
    pub(super) mask: Option<Box<Image<'a>>>,
    /// The hash of the file `bytes` come from, when they are a file's as it
    /// is: the file's `/ID` counts them by it.
    pub(super) digest: Option<u128>,
    /// Whether `bytes` are a whole PNG file, whose IDAT chunks are the rows.
    pub(super) png_file: bool,
}

impl Image<'_> {
    /// An image of PNG rows.
    pub(super) fn rows(width: u32, height: u32, colours: u8, bytes: Vec<u8>) -> Image<'static> {
        Image {
            width,
            height,
            colours,
            encoding: Encoding::PngRows,
            bytes: Cow::Owned(bytes),
            inverted: false,
            mask: None,
            digest: None,
            png_file: false,
        }
    }
}

/// A picture as it is, for a home PDF: its file read now.
pub(super) fn as_it_is(picture: &Picture) -> io::Result<Image<'_>> {
    let (w, h) = (picture.width, picture.height);
    Ok(match &picture.data {
        PictureData::Jpeg(file) => Image {
            width: w,
            height: h,
            colours: 3,
            encoding: Encoding::Jpeg,
            bytes: file.read()?,
            inverted: false,
            mask: None,
            digest: Some(file.hash()),
            png_file: false,
        },
        PictureData::Png(png) => match &png.planes {
            None => {
                let mut image = Image::rows(w, h, png.colours, Vec::new());
                image.bytes = png.file.read()?;
                image.digest = Some(png.file.hash());
                image.png_file = true;
                image
            }
            Some(planes) => {
                let mut image = Image::rows(w, h, png.colours, planes.colour.clone());
                image.mask = Some(Box::new(Image::rows(w, h, 1, planes.alpha.clone())));
                image
            }
        },
    })
}

/// Writes `image` (and its mask first) and returns its object.
pub(super) fn write(file: &mut file::Writer<'_>, image: &Image<'_>) -> io::Result<Ref> {
    let mask = match &image.mask {
        Some(mask) => Some(write(file, mask)?),
        None => None,
    };
    let id = file.reserve();
    let dict = |d: &mut pdf_writer::Dict<'_>| {
        d.pair(Name(b"Type"), Name(b"XObject"));
        d.pair(Name(b"Subtype"), Name(b"Image"));
        d.pair(Name(b"Width"), image.width as i32);
        d.pair(Name(b"Height"), image.height as i32);
        let space = match image.colours {
            1 => Name(b"DeviceGray"),
            4 => Name(b"DeviceCMYK"),
            _ => Name(b"DeviceRGB"),
        };
        d.pair(Name(b"ColorSpace"), space);
        d.pair(Name(b"BitsPerComponent"), 8);
        match image.encoding {
            Encoding::Jpeg => {
                d.pair(Name(b"Filter"), Name(b"DCTDecode"));
            }
            Encoding::PngRows => {
                d.pair(Name(b"Filter"), Name(b"FlateDecode"));
                // `/Predictor 15`: the reader undoes whichever PNG filter each
                // row names, as a PNG decoder does.
                let mut parms = d.insert(Name(b"DecodeParms")).dict();
                parms.pair(Name(b"Predictor"), 15);
                parms.pair(Name(b"Colors"), i32::from(image.colours));
                parms.pair(Name(b"BitsPerComponent"), 8);
                parms.pair(Name(b"Columns"), image.width as i32);
                parms.finish();
            }
        }
        if image.inverted {
            d.insert(Name(b"Decode")).array().items([1, 0, 1, 0, 1, 0, 1, 0]);
        }
        if let Some(mask) = mask {
            d.pair(Name(b"SMask"), mask);
        }
    };
    // A PNG file's rows are its IDAT chunks' bytes, together one zlib
    // stream: written from the file chunk by chunk.
    let pieces: Vec<&[u8]> = match image.encoding {
        Encoding::PngRows if image.png_file => picture::idat_chunks(&image.bytes).collect(),
        _ => vec![&image.bytes[..]],
    };
    file.write_stream(id, dict, &pieces, image.digest)?;
    Ok(id)
}
