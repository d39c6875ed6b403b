//! Searching and booking: hotels and products bookable for a stay, priced for the booking
//! distributor, and placing an order.

use actix_web::{get, post, web};
use platform::auth::CurrentUser;
use platform::db::{DbConnection, DbPool, hot_write_tx, with_conn};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::i18n::Text;
use platform::tenancy::MCH_DISTRIBUTOR;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::hotels::not_found as hotel_not_found;
use super::orders::order_ctx;
use crate::domain::booking::{self, Stay};
use crate::settings::OrderSettings;
use crate::store::bookable::{self, Bookable, BookableHotel, ForBooking, HotelSearch, Quote};
use crate::store::hotels;
use crate::store::orders::{self, NewGuest, NewOrder, OrderSummary};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StayQuery {
    pub checkin_date: Option<String>,
    pub checkout_date: Option<String>,
    /// Rooms (default 1).
    pub room_num: Option<i64>,
    /// The tenant's staff booking for a distributor: whose prices to show.
    pub distributor_id: Option<i64>,
    pub hotel_id: Option<i64>,
    /// Part of the hotel's name.
    pub hotel_name: Option<String>,
    pub star: Option<i32>,
    pub zone_id: Option<i64>,
    pub page: Option<u32>,
    pub result_num: Option<u32>,
}

fn required_date(field: &str, v: &Option<String>) -> Result<i64, ApiError> {
    match v.as_deref().filter(|s| !s.trim().is_empty()) {
        Some(s) => platform::time::parse_date(field, s),
        None => Err(ApiError::invalid_field(
            field,
            "请选择日期",
            "please select a date",
        )),
    }
}

pub(crate) fn stay_of(
    checkin: &Option<String>,
    checkout: &Option<String>,
    rooms: i64,
) -> Result<Stay, ApiError> {
    let stay = Stay {
        checkin: required_date("checkinDate", checkin)?,
        checkout: required_date("checkoutDate", checkout)?,
        rooms,
    };
    booking::check_stay(&stay, platform::time::day_of_ms(platform::time::now_ms()))?;
    Ok(stay)
}

/// Whose prices a search or booking uses: a distributor's own; the tenant's staff name the
/// distributor they book for (without one they see the common prices); suppliers do not book.
fn booker(conn: &mut DbConnection, viewer: &Viewer, asked: Option<i64>) -> Result<i64, ApiError> {
    if let Some(own) = viewer.distributor() {
        return Ok(own);
    }
    if viewer.supplier().is_some() {
        return Err(platform::auth::forbidden());
    }
    match asked {
        None => Ok(0),
        Some(id) => match platform::replica::merchant(conn, viewer.saas_id, id)? {
            Some(m) if m.mch_type == MCH_DISTRIBUTOR => Ok(id),
            _ => Err(ApiError::invalid_field(
                "distributorId",
                "请从已有分销商中选择",
                "the distributor must be picked from the existing list",
            )),
        },
    }
}

/// A night of a quote as the booker sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuotedNight {
    pub date: String,
    /// Per room, fen.
    pub price: i64,
    pub retail_price: i64,
    /// Rooms left; absent for no limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<i64>,
    pub closed: bool,
}

/// A product priced for a stay.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuotedProduct {
    pub product_id: i64,
    pub product_name: String,
    pub hotel_id: i64,
    pub room_id: i64,
    pub room_name: String,
    pub confirm_type: i32,
    pub is_online_pay: i32,
    /// The stay's price for all rooms, fen.
    pub total_price: i64,
    pub nightly: Vec<QuotedNight>,
    pub bookable: bool,
    /// Why not, when not bookable.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Orders wait for the supplier's confirmation.
    pub need_confirm: bool,
}

/// The products as the booker sees them.
pub(crate) fn quoted(products: Vec<(Bookable, Quote)>) -> Vec<QuotedProduct> {
    products
        .into_iter()
        .map(|(p, q)| QuotedProduct {
            nightly: q
                .nights
                .iter()
                .map(|n| QuotedNight {
                    date: n.day.clone(),
                    price: n.price,
                    retail_price: n.retail_price,
                    left: n.left,
                    closed: n.closed,
                })
                .collect(),
            product_id: p.product_id,
            product_name: p.product_name,
            hotel_id: p.hotel_id,
            room_id: p.room_id,
            room_name: p.room_name,
            confirm_type: p.confirm_type,
            is_online_pay: p.is_online_pay,
            total_price: q.price.order_price,
            bookable: q.refusal.is_none(),
            reason: q.refusal.map(|r| r.message()),
            need_confirm: q.need_confirm,
        })
        .collect()
}

/// Hotels with at least one product bookable for the stay, with the lowest total price.
#[utoipa::path(params(StayQuery), responses((status = 200, body = Page<BookableHotel>), (status = 412)), security(("bearer" = [])), tag = "booking", summary = "Search bookable hotels")]
#[get("/saas/booking/hotelBookings/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<StayQuery>,
) -> Result<Reply<Page<BookableHotel>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let stay = stay_of(&q.checkin_date, &q.checkout_date, q.room_num.unwrap_or(1))?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let search = HotelSearch {
            distributor_id: booker(conn, &viewer, q.distributor_id)?,
            stay,
            hotel_id: q.hotel_id,
            hotel_name: q.hotel_name.filter(|n| !n.is_empty()),
            star: unless_all(q.star),
            zone_id: q.zone_id,
        };
        let (rows, total) =
            bookable::bookable_hotels(conn, &viewer, &search, platform::time::now_ms(), page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HotelDetail {
    pub hotel_id: i64,
    pub name: String,
    pub name_en: String,
    pub star: i32,
    pub address: String,
    pub phone: String,
    /// Image addresses.
    pub images: Vec<String>,
    pub checkin_time: String,
    pub checkout_time: String,
    pub service_desc: String,
    pub products: Vec<QuotedProduct>,
}

fn hotel_products_for(
    conn: &mut DbConnection,
    viewer: &Viewer,
    q: &StayQuery,
    stay: &Stay,
) -> Result<Vec<QuotedProduct>, ApiError> {
    let hotel_id = q
        .hotel_id
        .ok_or_else(|| ApiError::invalid_field("hotelId", "请选择酒店", "please select a hotel"))?;
    let distributor = booker(conn, viewer, q.distributor_id)?;
    let products = bookable::quoted_products(
        conn,
        viewer,
        Some(hotel_id),
        distributor,
        stay,
        platform::time::now_ms(),
    )?;
    Ok(quoted(products))
}

/// A hotel with every product on sale, priced for the stay.
#[utoipa::path(params(StayQuery), responses((status = 200, body = HotelDetail), (status = 404), (status = 412)), security(("bearer" = [])), tag = "booking", summary = "Load a hotel for booking")]
#[get("/saas/booking/hotelBookings/hotelDetail")]
pub async fn hotel_detail(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<StayQuery>,
) -> Result<Reply<HotelDetail>, ApiError> {
    let q = q.into_inner();
    let stay = stay_of(&q.checkin_date, &q.checkout_date, q.room_num.unwrap_or(1))?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let products = hotel_products_for(conn, &viewer, &q, &stay)?;
        let h = hotels::find(conn, &viewer, q.hotel_id.unwrap_or_default())?
            .ok_or_else(hotel_not_found)?;
        Ok(HotelDetail {
            hotel_id: h.id,
            name: h.name,
            name_en: h.name_en,
            star: h.star,
            address: h.address,
            phone: h.phone,
            images: h.images,
            checkin_time: h.checkin_time,
            checkout_time: h.checkout_time,
            service_desc: h.service_desc,
            products,
        })
    })
    .await?;
    Ok(Reply(out))
}

/// A hotel's products on sale, priced for the stay, with availability and, when one cannot be
/// booked, why.
#[utoipa::path(params(StayQuery), responses((status = 200, body = [QuotedProduct]), (status = 412)), security(("bearer" = [])), tag = "booking", summary = "List bookable products of a hotel")]
#[get("/saas/booking/hotelBookings/listHotelProduct")]
pub async fn list_hotel_product(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<StayQuery>,
) -> Result<Reply<Vec<QuotedProduct>>, ApiError> {
    let q = q.into_inner();
    let stay = stay_of(&q.checkin_date, &q.checkout_date, q.room_num.unwrap_or(1))?;
    let out = with_conn(&pool, move |conn| {
        hotel_products_for(conn, &viewer, &q, &stay)
    })
    .await?;
    Ok(Reply(out))
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestForm {
    pub name: String,
    #[serde(default)]
    pub phone: String,
    /// 0-12 (the spec's id types).
    #[serde(default)]
    pub id_type: i32,
    #[serde(default)]
    pub id_no: String,
    /// Country code, such as CN.
    #[serde(default)]
    pub country: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderForm {
    pub product_id: i64,
    /// The tenant's staff booking for a distributor; a distributor books for itself.
    pub distributor_id: Option<i64>,
    pub checkin_date: String,
    pub checkout_date: String,
    pub room_num: i64,
    pub contact_name: String,
    /// A mobile or a landline number.
    pub contact_phone: String,
    #[serde(default)]
    pub contact_id_type: i32,
    #[serde(default)]
    pub contact_id_no: String,
    pub guests: Vec<GuestForm>,
    #[serde(default)]
    pub order_memo: String,
    #[serde(default)]
    pub guest_memo: String,
    /// The channel's own order number.
    #[serde(default)]
    pub channel_order_id: String,
    /// For products that take both: pay online now (true) or at the hotel.
    pub pay_online: Option<bool>,
}

fn id_type(field: &str, v: i32) -> Result<(), ApiError> {
    if (0..=12).contains(&v) {
        Ok(())
    } else {
        Err(ApiError::invalid_field(
            field,
            "证件类型为 0 到 12",
            "the id type is 0 to 12",
        ))
    }
}

impl OrderForm {
    /// The stay the form books, checked.
    pub(crate) fn stay(&self) -> Result<Stay, ApiError> {
        stay_of(
            &Some(self.checkin_date.clone()),
            &Some(self.checkout_date.clone()),
            self.room_num,
        )
    }

    fn check(&self, rooms_max_guests: i64) -> Result<Vec<NewGuest>, ApiError> {
        platform::validate::line("contactName", self.contact_name.trim(), 1, 50)?;
        platform::validate::phone("contactPhone", self.contact_phone.trim())?;
        id_type("contactIdType", self.contact_id_type)?;
        platform::validate::line("contactIdNo", &self.contact_id_no, 0, 30)?;
        platform::validate::text("orderMemo", &self.order_memo, 0, 500)?;
        platform::validate::text("guestMemo", &self.guest_memo, 0, 500)?;
        platform::validate::line("channelOrderId", &self.channel_order_id, 0, 64)?;
        if self.guests.is_empty() {
            return Err(ApiError::invalid_field(
                "guests",
                "请填写入住人",
                "please enter the guests",
            ));
        }
        if self.guests.len() as i64 > rooms_max_guests {
            return Err(ApiError::invalid(
                "guests",
                Text::new(
                    format!("入住人最多 {rooms_max_guests} 位"),
                    format!("at most {rooms_max_guests} guests for these rooms"),
                ),
            ));
        }
        let mut out = Vec::with_capacity(self.guests.len());
        for (i, g) in self.guests.iter().enumerate() {
            let f = |name: &str| format!("guests[{i}].{name}");
            platform::validate::line(&f("name"), g.name.trim(), 1, 50)?;
            if !g.phone.trim().is_empty() {
                platform::validate::phone(&f("phone"), g.phone.trim())?;
            }
            id_type(&f("idType"), g.id_type)?;
            platform::validate::line(&f("idNo"), &g.id_no, 0, 30)?;
            let country = g.country.trim();
            if !country.is_empty()
                && (!(2..=3).contains(&country.len())
                    || !country.chars().all(|c| c.is_ascii_alphabetic()))
            {
                return Err(ApiError::invalid_field(
                    f("country"),
                    "国家为两位或三位字母代码",
                    "the country is a 2 or 3 letter code",
                ));
            }
            out.push(NewGuest {
                name: g.name.trim().to_owned(),
                phone: g.phone.trim().to_owned(),
                id_type: g.id_type,
                id_no: g.id_no.clone(),
                country: country.to_ascii_uppercase(),
            });
        }
        Ok(out)
    }
}

/// Books a product: the price is the sum of the nightly prices times the rooms; the stock of
/// every night is taken, or none. Instant-confirm products are confirmed at once, others wait
/// for the supplier; online-payment orders wait for their payment first.
#[utoipa::path(request_body = OrderForm, responses((status = 200, body = OrderSummary), (status = 403), (status = 412)), security(("bearer" = [])), tag = "booking", summary = "Book a hotel product")]
#[post("/saas/booking/hotelBookings/order")]
pub async fn order(
    pool: web::Data<DbPool>,
    settings: web::Data<OrderSettings>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<OrderForm>,
) -> Result<Reply<OrderSummary>, ApiError> {
    let f = form.into_inner();
    let stay = f.stay()?;
    let pay_timeout = settings.pay_timeout_ms;
    let o = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        hot_write_tx(conn, |conn| {
            place_booking(conn, viewer, &me, &f, stay, pay_timeout)
        })
    })
    .await?;
    Ok(Reply(o))
}

/// Places the booking `f` for `stay` (from [`OrderForm::stay`]) in the caller's transaction:
/// the one way an order is booked, for the console and the open API (`super::open`).
pub(crate) fn place_booking(
    conn: &mut DbConnection,
    viewer: Viewer,
    me: &CurrentUser,
    f: &OrderForm,
    stay: Stay,
    pay_timeout: i64,
) -> Result<OrderSummary, ApiError> {
    let distributor = booker(conn, &viewer, f.distributor_id)?;
    if distributor == 0 {
        return Err(ApiError::invalid_field(
            "distributorId",
            "请选择分销商",
            "please select the distributor",
        ));
    }
    let ForBooking { product, currency } =
        bookable::for_booking(conn, &viewer, f.product_id, distributor)?;
    let guests = f.check(i64::from(product.max_guests.max(1)) * stay.rooms)?;
    let currency = currency.unwrap_or_else(|| "CNY".to_owned());
    let n = NewOrder {
        product_id: f.product_id,
        distributor_id: distributor,
        stay,
        contact_name: f.contact_name.trim().to_owned(),
        contact_phone: f.contact_phone.trim().to_owned(),
        contact_id_type: f.contact_id_type,
        contact_id_no: f.contact_id_no.clone(),
        guests,
        order_memo: f.order_memo.clone(),
        guest_memo: f.guest_memo.clone(),
        channel_order_id: f.channel_order_id.clone(),
        pay_online: f.pay_online,
        currency,
    };
    orders::place(conn, &order_ctx(viewer, me), &product, &n, pay_timeout)
}

platform::endpoints!(list, hotel_detail, list_hotel_product, order);
