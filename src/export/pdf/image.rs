//! Pictures as image XObjects, home and press alike: a leaf, so that the
//! PDF/X side ([`super::press`]) and the document share it.
//!
//! Nothing is decoded or re-encoded on the way into a home PDF: a JPEG is
//! embedded as its file (`/DCTDecode`), a PNG as its compressed rows
//! (`/FlateDecode` with the PNG predictor). The file is read (and checked
//! unchanged) only when its picture is written, one picture at a time.

use std::borrow::Cow;
use std::io;

use pdf_writer::{Filter, Finish, Name, Ref};

use super::file;
use crate::scene::picture::{self, Picture, PictureData};

/// How an image's bytes are encoded.
pub(super) enum Encoding {
    /// A JPEG file's bytes.
    Jpeg,
    /// zlib-compressed rows, each led by its PNG filter byte.
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
        },
        PictureData::Png(png) => match &png.planes {
            None => {
                let bytes = png.file.read()?;
                let rows: Vec<u8> = picture::idat_chunks(&bytes).flatten().copied().collect();
                Image::rows(w, h, png.colours, rows)
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
    file.write(|c| {
        let mut x = c.image_xobject(id, &image.bytes);
        x.width(image.width as i32).height(image.height as i32);
        let space = match image.colours {
            1 => Name(b"DeviceGray"),
            4 => Name(b"DeviceCMYK"),
            _ => Name(b"DeviceRGB"),
        };
        x.pair(Name(b"ColorSpace"), space);
        x.bits_per_component(8);
        match image.encoding {
            Encoding::Jpeg => {
                x.filter(Filter::DctDecode);
            }
            Encoding::PngRows => {
                x.filter(Filter::FlateDecode);
                // `/Predictor 15`: the reader undoes whichever PNG filter each
                // row names, as a PNG decoder does.
                let mut parms = x.decode_parms();
                parms
                    .predictor(pdf_writer::types::Predictor::PngOptimum)
                    .colors(i32::from(image.colours))
                    .bits_per_component(8)
                    .columns(image.width as i32);
                parms.finish();
            }
        }
        if image.inverted {
            x.decode([1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]);
        }
        if let Some(mask) = mask {
            x.s_mask(mask);
        }
    })?;
    Ok(id)
}
