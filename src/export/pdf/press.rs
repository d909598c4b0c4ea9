//! The PDF/X side of the writer (ISO 15930-4 for PDF/X-1a:2003, ISO
//! 15930-7 for PDF/X-4): pictures separated into CMYK, and the keys a
//! preflight reads.
//!
//! - **Pictures.** Each picture is decoded, flattened onto white where
//!   PDF/X-1a forbids transparency (PDF/X-4 keeps its alpha as a soft mask),
//!   separated pixel by pixel ([`Separation::pixels`]) and embedded again: a
//!   photo as a CMYK JPEG (Adobe's inverted samples, hence `/Decode [1 0 1 0
//!   1 0 1 0]`, as Acrobat and every reader take them), art as lossless
//!   CMYK rows.
//! - **Output intent.** `/OutputIntents` names the registered printing
//!   condition (`/OutputConditionIdentifier`, `/RegistryName`) and embeds
//!   the profile the colours were separated with (`/DestOutputProfile`).
//! - **Document keys.** `/GTS_PDFXVersion` (and X-1a's
//!   `/GTS_PDFXConformance`), `/Trapped /False`, the dates, a title, and an
//!   XMP metadata stream saying the same (required by PDF/X-4). The
//!   viewer preferences a home printer's dialog reads (`/Duplex`, PDF 1.7)
//!   go: the shop sets its press, and the header says the standard's version.

use std::io;

use pdf_writer::types::{OutputIntentSubtype, TrappingStatus};
use pdf_writer::writers::{Catalog, DocumentInfo};
use pdf_writer::{Filter, Name, Ref, Str, TextStr};

use super::file;
use super::image::{Encoding, Image};
use crate::print::target::{REGISTRY, Standard};
use crate::scene::page::Document;
use crate::scene::picture::{Picture, PictureData, encode, idat_chunks};

/// What a print shop's PDF/X asks of a file: the standard and its output
/// intent, and every colour separated into the press's inks.
pub struct Press<'a> {
    /// The standard, the printing condition and the ink limit.
    pub pdfx: crate::print::target::PdfX,
    /// The separation for that condition and limit.
    pub separation: &'a crate::print::separation::Separation,
    /// The document's creation date, as a PDF date (`D:20260101000000Z`):
    /// PDF/X requires one, and no clock may write it.
    pub date: String,
}

/// JPEG quality of a separated photo: the eye sees no loss at print size.
const JPEG_QUALITY: u8 = 95;

/// How far under the ink limit a photo is separated (percent), so that the
/// JPEG's rounding never takes a pixel over it: measured on the league
/// deck's photos at quality 95, every ink at full resolution, the worst
/// pixel came out 7.3 % over what it was separated to (4.9 % at 240 %).
const JPEG_HEADROOM: f64 = 10.0;

/// A picture separated into the press's inks.
pub(super) fn picture(picture: &Picture, press: &Press<'_>) -> io::Result<Image<'static>> {
    let bytes = match &picture.data {
        PictureData::Jpeg(file) => file.read()?,
        PictureData::Png(png) => png.file.read()?,
    };
    let decoded = image::load_from_memory(&bytes).map_err(io::Error::other)?;
    let (w, h) = (decoded.width(), decoded.height());
    let rgba = decoded.to_rgba8();
    let transparent = rgba.pixels().any(|p| p[3] != 255);
    // PDF/X-1a has no transparency: what shows through is the paper.
    let keep_alpha = transparent && press.pdfx.standard == Standard::X4;
    let rgb: Vec<u8> = rgba
        .pixels()
        .flat_map(|p| {
            let a = u32::from(p[3]);
            let on_white = |v: u8| ((u32::from(v) * a + 255 * (255 - a) + 127) / 255) as u8;
            if keep_alpha {
                [p[0], p[1], p[2]]
            } else {
                [on_white(p[0]), on_white(p[1]), on_white(p[2])]
            }
        })
        .collect();
    let jpeg = matches!(picture.data, PictureData::Jpeg(_));
    let cmyk = press.separation.pixels(&rgb, if jpeg { JPEG_HEADROOM } else { 0.0 });
    let mut image = match &picture.data {
        PictureData::Jpeg(_) => {
            let (w16, h16) = (
                u16::try_from(w).map_err(io::Error::other)?,
                u16::try_from(h).map_err(io::Error::other)?,
            );
            let mut jpeg = Vec::new();
            let mut encoder = jpeg_encoder::Encoder::new(&mut jpeg, JPEG_QUALITY);
            // Every ink at full resolution: subsampled inks print fringes.
            encoder.set_sampling_factor(jpeg_encoder::SamplingFactor::F_1_1);
            encoder
                .encode(&cmyk, w16, h16, jpeg_encoder::ColorType::Cmyk)
                .map_err(io::Error::other)?;
            Image {
                width: w,
                height: h,
                colours: 4,
                encoding: Encoding::Jpeg,
                bytes: jpeg.into(),
                // Adobe's CMYK JPEGs store their samples inverted.
                inverted: true,
                mask: None,
                digest: None,
                png_file: false,
            }
        }
        PictureData::Png(_) => Image::rows(w, h, 4, rows(&cmyk, w, h, 4)?),
    };
    if keep_alpha {
        let alpha: Vec<u8> = rgba.pixels().map(|p| p[3]).collect();
        image.mask = Some(Box::new(Image::rows(w, h, 1, rows(&alpha, w, h, 1)?)));
    }
    Ok(image)
}

/// Pixels of `samples` bytes each as PNG-filtered, zlib-compressed rows (the
/// PNG encoder's, read back out of its IDAT chunks): what the image's
/// predictor undoes.
fn rows(pixels: &[u8], w: u32, h: u32, samples: u8) -> io::Result<Vec<u8>> {
    let png = encode(pixels, w, h, samples).map_err(io::Error::other)?;
    Ok(idat_chunks(&png).flat_map(|c| c.iter().copied()).collect())
}

/// The PDF/X objects of a document, written: its output profile and its XMP
/// metadata, for the catalog and the document information to name.
pub(super) struct Intent<'a> {
    press: &'a Press<'a>,
    profile: Ref,
    metadata: Ref,
}

/// Writes the output profile and the XMP metadata of `doc` for `press`.
pub(super) fn write_intent<'a>(
    file: &mut file::Writer<'_>,
    doc: &Document,
    press: &'a Press<'a>,
) -> io::Result<Intent<'a>> {
    let profile = file.reserve();
    let compressed = file::deflate(press.pdfx.condition.profile);
    file.write(|c| {
        c.icc_profile(profile, &compressed).n(4).filter(Filter::FlateDecode);
    })?;
    let metadata = file.reserve();
    // Uncompressed, as XMP in a PDF is meant to be found by any reader.
    let packet = xmp(doc, press);
    file.write(|c| {
        c.metadata(metadata, packet.as_bytes());
    })?;
    Ok(Intent {
        press,
        profile,
        metadata,
    })
}

impl Intent<'_> {
    /// The catalog's output intent (the registered printing condition and
    /// the profile the colours were separated with) and metadata. The
    /// viewer preferences a home printer's dialog reads are not written: the
    /// shop sets its press.
    pub(super) fn catalog(&self, cat: &mut Catalog<'_>) {
        let condition = &self.press.pdfx.condition;
        cat.metadata(self.metadata);
        cat.output_intents()
            .push()
            .subtype(OutputIntentSubtype::PDFX)
            .output_condition_identifier(TextStr(condition.identifier))
            .output_condition(TextStr(condition.info))
            .registry_name(TextStr(REGISTRY))
            .info(TextStr(condition.info))
            .dest_output_profile(self.profile);
    }

    /// The document information's PDF/X keys: the standard, no trapping,
    /// the dates.
    pub(super) fn info(&self, info: &mut DocumentInfo<'_>) {
        let pdfx = &self.press.pdfx;
        info.pair(Name(b"GTS_PDFXVersion"), TextStr(pdfx.standard.version_key()));
        if let Some(conformance) = pdfx.standard.conformance_key() {
            info.pair(Name(b"GTS_PDFXConformance"), TextStr(conformance));
        }
        info.trapped(TrappingStatus::NotTrapped);
        info.pair(Name(b"CreationDate"), Str(self.press.date.as_bytes()));
        info.pair(Name(b"ModDate"), Str(self.press.date.as_bytes()));
    }
}

/// A PDF date (`D:20260101000000Z`) as XMP writes it (`2026-01-01T00:00:00Z`).
fn xmp_date(pdf: &str) -> String {
    let d = pdf.trim_start_matches("D:");
    let part = |a: usize, b: usize| d.get(a..b).unwrap_or("00");
    format!(
        "{}-{}-{}T{}:{}:{}Z",
        d.get(0..4).unwrap_or("2026"),
        part(4, 6),
        part(6, 8),
        part(8, 10),
        part(10, 12),
        part(12, 14)
    )
}

/// The XMP packet: what the document information says, and the ids and
/// rendition class PDF/X-4 asks for. The document's id is a hash of its
/// title, pages and press, so the same build says the same.
fn xmp(doc: &Document, press: &Press<'_>) -> String {
    use std::hash::Hash;
    let mut h = siphasher::sip128::SipHasher13::new_with_keys(0, 0);
    doc.title.hash(&mut h);
    doc.page_count().hash(&mut h);
    press.pdfx.condition.identifier.hash(&mut h);
    press.pdfx.standard.name().hash(&mut h);
    let id = siphasher::sip128::Hasher128::finish128(&h).as_u128();
    let uuid = format!(
        "uuid:{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        (id >> 96) as u32,
        (id >> 80) as u16,
        (id >> 64) as u16,
        (id >> 48) as u16,
        id & 0xffff_ffff_ffff
    );
    let date = xmp_date(&press.date);
    let title = escape(&doc.title);
    let pdfx = match press.pdfx.standard {
        Standard::X4 => format!(
            "\n   <pdfxid:GTS_PDFXVersion>{}</pdfxid:GTS_PDFXVersion>",
            press.pdfx.standard.version_key()
        ),
        Standard::X1a => String::new(),
    };
    format!(
        r#"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>pitchprint</xmp:CreatorTool>
   <pdf:Producer>pitchprint</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>{uuid}</xmpMM:DocumentID>
   <xmpMM:InstanceID>{uuid}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>{pdfx}
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"#
    )
}

/// `s` with XML's special characters escaped.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
