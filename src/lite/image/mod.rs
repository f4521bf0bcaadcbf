//! Pixel work of TFLite Support's image classes, over borrowed bytes: the conversions between
//! Android's packed ARGB pixels and RGB tensors ([`argb`]) and YUV 4:2:0 frames to RGB ([`yuv`]).

pub mod argb;
pub mod yuv;
