//! WeChat's safe mode ("安全模式"): the messages an official account's server receives and its
//! passive replies travel encrypted with the account's EncodingAESKey, and each carries a
//! `msg_signature` over the ciphertext. What WeChat's public "technical solution" for message
//! encryption fixes, as plain functions:
//!
//! - the AES key is base64-decode(EncodingAESKey + "="), 32 bytes; AES-256-CBC with the first 16
//!   bytes of the key as IV;
//! - the plaintext is 16 random bytes, the message's length as 4 bytes big-endian, the message,
//!   then the AppID (which the receiver checks), padded PKCS#7-style to a multiple of 32 bytes
//!   (WeChat pads to the key's length, not to AES's 16-byte block);
//! - `Encrypt` is the base64 of the ciphertext; `msg_signature` the SHA-1 of the token,
//!   timestamp, nonce and `Encrypt` sorted and joined;
//! - WeChat posts `<xml><ToUserName/><Encrypt/></xml>` with `encrypt_type=aes` and
//!   `msg_signature` in the query; a passive reply is `<xml><Encrypt/><MsgSignature/>
//!   <TimeStamp/><Nonce/></xml>`.
//!
//! The simulator (services/wechat-sim) plays WeChat's side with these same functions: the wire
//! format is written once, here, where weixin-server's other WeChat rules are. The unit tests
//! below pin the construction independently (they rebuild the plaintext layout and the
//! padding by hand), so a mistake shared by both sides would still show.

use base64::Engine as _;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, STANDARD};
use cbc::cipher::{BlockModeDecrypt, BlockModeEncrypt, KeyIvInit};

use super::callback::{self, XmlError};

/// The length of an EncodingAESKey (letters and digits).
pub const ENCODING_AES_KEY_LEN: usize = 43;
/// WeChat pads to this many bytes (the key's length).
const PAD_BLOCK: usize = 32;
const AES_BLOCK: usize = 16;
const RANDOM_LEN: usize = 16;

/// An EncodingAESKey is 43 base64 characters standing for 32 bytes: its last character carries
/// two bits beyond them, which WeChat's keys do not keep at zero. A strict decoder would refuse
/// most real keys.
const KEY_BASE64: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new().with_decode_allow_trailing_bits(true),
);

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CryptoError {
    #[error("the EncodingAESKey is not 43 letters or digits")]
    BadKey,
    #[error("Encrypt is not base64")]
    NotBase64,
    #[error("the ciphertext is not whole AES blocks")]
    BadLength,
    #[error("the padding is not valid (wrong key or altered ciphertext)")]
    BadPadding,
    #[error("the message length inside does not fit the plaintext")]
    BadFrame,
    #[error("the message was encrypted for another AppID")]
    WrongAppId,
    #[error("the message is not UTF-8")]
    NotUtf8,
}

/// The AES key of an account, decoded from its EncodingAESKey.
#[derive(Clone)]
pub struct AesKey([u8; 32]);

impl std::fmt::Debug for AesKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AesKey(***)")
    }
}

impl AesKey {
    pub fn from_encoding(encoding_aes_key: &str) -> Result<Self, CryptoError> {
        let k = encoding_aes_key.trim();
        if k.len() != ENCODING_AES_KEY_LEN || !k.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(CryptoError::BadKey);
        }
        let bytes = KEY_BASE64
            .decode(format!("{k}="))
            .map_err(|_| CryptoError::BadKey)?;
        Ok(Self(bytes.try_into().map_err(|_| CryptoError::BadKey)?))
    }

    fn iv(&self) -> [u8; AES_BLOCK] {
        let mut iv = [0u8; AES_BLOCK];
        iv.copy_from_slice(&self.0[..AES_BLOCK]);
        iv
    }
}

type Enc = cbc::Encryptor<aes::Aes256>;
type Dec = cbc::Decryptor<aes::Aes256>;

/// PKCS#7 to a multiple of 32 bytes: 1 to 32 bytes, each holding the count.
fn pad(mut buf: Vec<u8>) -> Vec<u8> {
    let n = PAD_BLOCK - buf.len() % PAD_BLOCK;
    buf.resize(buf.len() + n, n as u8);
    buf
}

fn unpad(buf: &[u8]) -> Result<&[u8], CryptoError> {
    let n = usize::from(*buf.last().ok_or(CryptoError::BadPadding)?);
    if n == 0 || n > PAD_BLOCK || n > buf.len() {
        return Err(CryptoError::BadPadding);
    }
    let (body, tail) = buf.split_at(buf.len() - n);
    if tail.iter().any(|&b| usize::from(b) != n) {
        return Err(CryptoError::BadPadding);
    }
    Ok(body)
}

/// `Encrypt` of `msg` for `app_id`: base64 of AES-256-CBC over random, length, message, AppID.
/// `random` is the 16-byte prefix (the caller draws it; fixed in tests).
pub fn encrypt(key: &AesKey, app_id: &str, msg: &str, random: [u8; RANDOM_LEN]) -> String {
    let mut plain = Vec::with_capacity(RANDOM_LEN + 4 + msg.len() + app_id.len() + PAD_BLOCK);
    plain.extend_from_slice(&random);
    plain.extend_from_slice(&(msg.len() as u32).to_be_bytes());
    plain.extend_from_slice(msg.as_bytes());
    plain.extend_from_slice(app_id.as_bytes());
    let mut buf = pad(plain);
    let mut enc = Enc::new(&key.0.into(), &key.iv().into());
    for chunk in buf.chunks_exact_mut(AES_BLOCK) {
        let mut block = cbc::cipher::Block::<Enc>::default();
        block.copy_from_slice(chunk);
        enc.encrypt_block(&mut block);
        chunk.copy_from_slice(&block);
    }
    STANDARD.encode(buf)
}

/// The message inside `encrypted` (an `Encrypt` element), which must be for `app_id`.
pub fn decrypt(key: &AesKey, app_id: &str, encrypted: &str) -> Result<String, CryptoError> {
    let mut buf = STANDARD
        .decode(encrypted.trim())
        .map_err(|_| CryptoError::NotBase64)?;
    if buf.is_empty() || buf.len() % AES_BLOCK != 0 {
        return Err(CryptoError::BadLength);
    }
    let mut dec = Dec::new(&key.0.into(), &key.iv().into());
    for chunk in buf.chunks_exact_mut(AES_BLOCK) {
        let mut block = cbc::cipher::Block::<Dec>::default();
        block.copy_from_slice(chunk);
        dec.decrypt_block(&mut block);
        chunk.copy_from_slice(&block);
    }
    let plain = unpad(&buf)?;
    let framed = plain.get(RANDOM_LEN..).ok_or(CryptoError::BadFrame)?;
    let (len, rest) = framed.split_at_checked(4).ok_or(CryptoError::BadFrame)?;
    let len = u32::from_be_bytes([len[0], len[1], len[2], len[3]]) as usize;
    let (msg, from_app) = rest.split_at_checked(len).ok_or(CryptoError::BadFrame)?;
    if from_app != app_id.as_bytes() {
        return Err(CryptoError::WrongAppId);
    }
    String::from_utf8(msg.to_vec()).map_err(|_| CryptoError::NotUtf8)
}

/// `msg_signature`: SHA-1 of the token, timestamp, nonce and `Encrypt` sorted and joined.
pub fn msg_signature(token: &str, timestamp: &str, nonce: &str, encrypted: &str) -> String {
    callback::sha1_sorted(&[token, timestamp, nonce, encrypted])
}

/// Whether `given` is the `msg_signature` of `encrypted`, compared without an early exit.
pub fn msg_signed(token: &str, timestamp: &str, nonce: &str, encrypted: &str, given: &str) -> bool {
    callback::same_hex(&msg_signature(token, timestamp, nonce, encrypted), given)
}

/// What WeChat posts in safe mode: the account's id in the clear and the message encrypted.
pub fn inbound_xml(to_user: &str, encrypted: &str) -> String {
    format!(
        "<xml><ToUserName><![CDATA[{to_user}]]></ToUserName><Encrypt><![CDATA[{encrypted}]]></Encrypt></xml>"
    )
}

/// The `Encrypt` element of an inbound message.
pub fn inbound_encrypt(xml: &str) -> Result<String, XmlError> {
    let encrypt = callback::field(xml, "Encrypt")?;
    if encrypt.is_empty() {
        return Err(XmlError::Missing("Encrypt"));
    }
    Ok(encrypt)
}

/// An encrypted passive reply as it travels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    pub encrypt: String,
    pub msg_signature: String,
    pub timestamp: String,
    pub nonce: String,
}

impl Envelope {
    /// Seals `reply` (a reply message's XML) for `app_id`, signed with the account's token.
    pub fn seal(
        key: &AesKey,
        token: &str,
        app_id: &str,
        reply: &str,
        timestamp: &str,
        nonce: &str,
        random: [u8; RANDOM_LEN],
    ) -> Self {
        let encrypt = encrypt(key, app_id, reply, random);
        Self {
            msg_signature: msg_signature(token, timestamp, nonce, &encrypt),
            encrypt,
            timestamp: timestamp.to_owned(),
            nonce: nonce.to_owned(),
        }
    }

    pub fn to_xml(&self) -> String {
        format!(
            "<xml><Encrypt><![CDATA[{}]]></Encrypt><MsgSignature><![CDATA[{}]]></MsgSignature>\
             <TimeStamp>{}</TimeStamp><Nonce><![CDATA[{}]]></Nonce></xml>",
            self.encrypt, self.msg_signature, self.timestamp, self.nonce
        )
    }

    pub fn parse(xml: &str) -> Result<Self, XmlError> {
        let get = |name: &'static str| -> Result<String, XmlError> {
            let v = callback::field(xml, name)?;
            if v.is_empty() {
                return Err(XmlError::Missing(name));
            }
            Ok(v)
        };
        Ok(Self {
            encrypt: get("Encrypt")?,
            msg_signature: get("MsgSignature")?,
            timestamp: get("TimeStamp")?,
            nonce: get("Nonce")?,
        })
    }

    /// The reply inside, once its signature and AppID check out.
    pub fn open(&self, key: &AesKey, token: &str, app_id: &str) -> Result<String, OpenError> {
        if !msg_signed(
            token,
            &self.timestamp,
            &self.nonce,
            &self.encrypt,
            &self.msg_signature,
        ) {
            return Err(OpenError::Signature);
        }
        Ok(decrypt(key, app_id, &self.encrypt)?)
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OpenError {
    #[error("msg_signature does not match")]
    Signature,
    #[error(transparent)]
    Crypto(#[from] CryptoError),
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha1::{Digest, Sha1};

    // Its last character ('G', 000110) has non-zero bits beyond the 32 bytes: as real keys do.
    const KEY: &str = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    const APP: &str = "wx0123456789abcdef";
    const R: [u8; 16] = *b"0123456789abcdef";

    fn key() -> AesKey {
        AesKey::from_encoding(KEY).unwrap()
    }

    #[test]
    fn the_key_is_the_base64_of_43_characters_and_the_iv_its_first_half() {
        let k = key();
        let want = STANDARD
            .decode("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFE=")
            .unwrap();
        // The same 32 bytes as the canonical spelling (trailing bits dropped).
        assert_eq!(k.0.to_vec(), want);
        assert_eq!(k.iv(), k.0[..16]);
        assert_eq!(
            AesKey::from_encoding("short").map(|_| ()),
            Err(CryptoError::BadKey)
        );
        assert!(AesKey::from_encoding(&"a".repeat(44)).is_err());
        assert!(AesKey::from_encoding(&format!("{}+", &KEY[..42])).is_err());
        assert_eq!(format!("{k:?}"), "AesKey(***)");
    }

    #[test]
    fn a_message_round_trips() {
        let k = key();
        for msg in [
            "",
            "x",
            "<xml><Content>你好 and more</Content></xml>",
            &"y".repeat(500),
        ] {
            let e = encrypt(&k, APP, msg, R);
            assert_eq!(decrypt(&k, APP, &e).unwrap(), msg);
        }
    }

    #[test]
    fn the_plaintext_is_random_length_message_appid_padded_to_32() {
        // Decrypt by hand with the raw cipher and check the layout the protocol fixes.
        let k = key();
        let msg = "hello";
        let raw = STANDARD.decode(encrypt(&k, APP, msg, R)).unwrap();
        // 16 + 4 + 5 + 18 = 43 bytes, padded with 21 bytes of 21 to 64.
        assert_eq!(raw.len(), 64);
        let mut buf = raw.clone();
        let mut dec = Dec::new(&k.0.into(), &k.iv().into());
        for chunk in buf.chunks_exact_mut(16) {
            let mut b = cbc::cipher::Block::<Dec>::default();
            b.copy_from_slice(chunk);
            dec.decrypt_block(&mut b);
            chunk.copy_from_slice(&b);
        }
        assert_eq!(&buf[..16], &R);
        assert_eq!(&buf[16..20], &[0, 0, 0, 5]);
        assert_eq!(&buf[20..25], b"hello");
        assert_eq!(&buf[25..43], APP.as_bytes());
        assert!(buf[43..].iter().all(|&b| b == 21));
        // A plaintext already a multiple of 32 gets a whole block of 32s.
        let exact = "z".repeat(64 - 16 - 4 - APP.len());
        let raw = STANDARD.decode(encrypt(&k, APP, &exact, R)).unwrap();
        assert_eq!(raw.len(), 96);
    }

    #[test]
    fn another_appid_is_refused() {
        let k = key();
        let e = encrypt(&k, "wxffffffffffffffff", "<xml/>", R);
        assert_eq!(decrypt(&k, APP, &e), Err(CryptoError::WrongAppId));
    }

    #[test]
    fn bad_padding_and_broken_ciphertext_are_refused() {
        let k = key();
        let mut raw = STANDARD.decode(encrypt(&k, APP, "<xml/>", R)).unwrap();
        // Altering the next-to-last block scrambles the last block's padding under CBC.
        let n = raw.len();
        raw[n - 17] ^= 0x55;
        assert!(matches!(
            decrypt(&k, APP, &STANDARD.encode(&raw)),
            Err(CryptoError::BadPadding | CryptoError::WrongAppId | CryptoError::BadFrame)
        ));
        assert_eq!(unpad(&[1, 2, 3, 0]), Err(CryptoError::BadPadding));
        assert_eq!(unpad(&[1, 2, 33]), Err(CryptoError::BadPadding));
        assert_eq!(unpad(&[9, 2, 3, 3]), Err(CryptoError::BadPadding));
        assert_eq!(unpad(&[9, 3, 3, 3]), Ok(&[9][..]));
        assert_eq!(unpad(&[]), Err(CryptoError::BadPadding));
        // Another key: the padding does not come out (or the AppID does not).
        let other = AesKey::from_encoding(&"Q".repeat(43)).unwrap();
        assert!(decrypt(&other, APP, &encrypt(&k, APP, "<xml/>", R)).is_err());
        assert_eq!(decrypt(&k, APP, "%%%"), Err(CryptoError::NotBase64));
        assert_eq!(decrypt(&k, APP, "AAAA"), Err(CryptoError::BadLength));
    }

    #[test]
    fn msg_signature_covers_the_ciphertext() {
        let s = msg_signature("tok", "1700000000", "n1", "ENC");
        let mut parts = ["tok", "1700000000", "n1", "ENC"];
        parts.sort_unstable();
        let want: String = Sha1::digest(parts.concat().as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(s, want);
        assert!(msg_signed("tok", "1700000000", "n1", "ENC", &want));
        assert!(!msg_signed("tok", "1700000000", "n1", "ENC2", &want));
        assert!(!msg_signed("tok2", "1700000000", "n1", "ENC", &want));
    }

    #[test]
    fn an_envelope_round_trips_and_a_wrong_signature_is_refused() {
        let k = key();
        let env = Envelope::seal(
            &k,
            "tok",
            APP,
            "<xml><Content>hi</Content></xml>",
            "17",
            "n",
            R,
        );
        let parsed = Envelope::parse(&env.to_xml()).unwrap();
        assert_eq!(parsed, env);
        assert_eq!(
            parsed.open(&k, "tok", APP).unwrap(),
            "<xml><Content>hi</Content></xml>"
        );
        assert_eq!(parsed.open(&k, "other", APP), Err(OpenError::Signature));
        let mut forged = parsed.clone();
        forged.msg_signature = "0".repeat(40);
        assert_eq!(forged.open(&k, "tok", APP), Err(OpenError::Signature));
        assert_eq!(
            parsed.open(&k, "tok", "wxffffffffffffffff"),
            Err(OpenError::Crypto(CryptoError::WrongAppId))
        );
        assert!(matches!(
            Envelope::parse("<xml><Encrypt>x</Encrypt></xml>"),
            Err(XmlError::Missing("MsgSignature"))
        ));
    }

    #[test]
    fn the_inbound_message_carries_encrypt() {
        let x = inbound_xml("gh_1", "ENC+/=");
        assert_eq!(inbound_encrypt(&x).unwrap(), "ENC+/=");
        assert_eq!(
            inbound_encrypt("<xml><ToUserName>gh</ToUserName></xml>"),
            Err(XmlError::Missing("Encrypt"))
        );
    }
}
