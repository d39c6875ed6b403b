//! The notification a support agent gets when a work order (support ticket) is assigned to them
//! (saas-main's `support.assigned`).

use platform::bus::v1;

/// The notification type of an assignment: outside typeNotifys (the order notices users pick in
/// their settings), as an assignment always reaches its assignee.
pub const NOTIFY_ASSIGNED: i32 = 20;

/// What the assignee reads, in zh-CN and en, and where the console opens the work order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignment {
    pub message_zh: String,
    pub message_en: String,
    pub ref_id: String,
    pub action_url: String,
}

pub fn assignment(e: &v1::SupportAssigned) -> Assignment {
    let kind = |zh: bool| match (e.business_type, zh) {
        (10, true) => "酒店",
        (20, true) => "门票",
        (10, false) => "hotel",
        (20, false) => "ticket",
        (_, true) => "",
        (_, false) => "",
    };
    Assignment {
        message_zh: format!(
            "{} 指派给你一个{}工单 {}：{}",
            e.assigned_by_name,
            kind(true),
            e.support_id,
            e.title
        ),
        message_en: format!(
            "{} assigned you {} work order {}: {}",
            e.assigned_by_name,
            match kind(false) {
                "" => "a".to_owned(),
                k => format!("a {k}"),
            },
            e.support_id,
            e.title
        ),
        ref_id: e.support_id.to_string(),
        action_url: format!(
            "/saas-app/support/workOrder/list?supportId={}",
            e.support_id
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_assignee_reads_who_assigned_which_work_order() {
        let a = assignment(&v1::SupportAssigned {
            support_id: 42,
            ticket_saas_id: 1001,
            business_type: 10,
            title: "Order stuck".into(),
            assignee_id: 3000,
            assignee_name: "admin".into(),
            assigned_by: 3000,
            assigned_by_name: "admin".into(),
        });
        assert_eq!(
            a.message_en,
            "admin assigned you a hotel work order 42: Order stuck"
        );
        assert_eq!(a.message_zh, "admin 指派给你一个酒店工单 42：Order stuck");
        assert_eq!(a.ref_id, "42");
        assert_eq!(
            a.action_url,
            "/saas-app/support/workOrder/list?supportId=42"
        );
    }
}
