//! The event contracts of Tradewind, generated from `proto/tradewind/events/v1/*.proto`.
//! `docs/events.md` says who publishes and who consumes each event.

#[allow(clippy::all, clippy::pedantic, missing_docs)]
pub mod v1 {
    include!(concat!(env!("OUT_DIR"), "/tradewind.events.v1.rs"));
}

pub use v1::EventEnvelope;

/// A payload message and the family of routing keys it travels under.
pub trait Payload: prost::Message + Default {
    /// The event name after the routing-key prefix: `created` in `order.hotel.created`.
    const NAME: &'static str;
}

macro_rules! payloads {
    ($($ty:ident => $name:literal),* $(,)?) => {
        $(impl Payload for v1::$ty { const NAME: &'static str = $name; })*
    };
}

payloads! {
    OrderCreated => "created",
    OrderStateChanged => "state-changed",
    OrderCancelled => "cancelled",
    NotificationRequested => "requested",
    NotifyConfigUpdated => "updated",
    TenantUpdated => "updated",
    MerchantUpdated => "updated",
    ProductUpdated => "updated",
    SessionStarted => "started",
    SessionEnded => "ended",
    PermissionsDeclared => "declared",
    PermissionGrantChanged => "changed",
    LicenceUpdated => "updated",
    UsageRecorded => "recorded",
    UserActionsRecorded => "recorded",
    RateLimitCounted => "counted",
    ResyncRequested => "requested",
    ResyncCompleted => "completed",
    CreditPaymentRequested => "requested",
    CreditReleaseRequested => "release-requested",
    CreditPaymentAnswered => "credit-answered",
    CreditAccountUpdated => "updated",
    PriceRuleUpdated => "updated",
    ApprovalDecided => "decided",
    InterfaceImported => "imported",
    InterfaceConfigUpdated => "updated",
    SupportAssigned => "assigned",
    VouchersIssued => "issued",
    AreaUpdated => "updated",
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    #[test]
    fn an_envelope_round_trips_its_payload() {
        let payload = v1::OrderCancelled {
            order: Some(v1::OrderRef {
                order_id: 42,
                product_type: v1::ProductType::Hotel as i32,
                ..Default::default()
            }),
            amounts: Some(v1::OrderAmounts {
                order_price: 12_300,
                currency: "CNY".into(),
                ..Default::default()
            }),
            ..Default::default()
        };
        let envelope = EventEnvelope {
            event_id: "01930000-0000-7000-8000-000000000000".into(),
            event_type: "order.hotel.cancelled".into(),
            saas_id: 7,
            payload: payload.encode_to_vec(),
            ..Default::default()
        };
        let back = EventEnvelope::decode(envelope.encode_to_vec().as_slice()).unwrap();
        let inner = v1::OrderCancelled::decode(back.payload.as_slice()).unwrap();
        assert_eq!(inner, payload);
        assert_eq!(inner.order.unwrap().product_type, 10);
    }
}
