//! What each of message-server's permission codes allows, for the group editor, in both
//! languages.

use platform::app::PermissionTexts;

pub const TEXTS: PermissionTexts = &[
    (
        "/saas/msg/mail/list:GET",
        "List mails sent",
        "查看已发送邮件",
    ),
    (
        "/saas/msg/mailQueue/list:GET",
        "List the mail queue",
        "查看邮件队列",
    ),
    (
        "/saas/msg/mailQueue/resend:PUT",
        "Send a mail again",
        "重新发送邮件",
    ),
    (
        "/saas/msg/sms/list:GET",
        "List texts sent",
        "查看已发送短信",
    ),
    (
        "/saas/msg/smsQueue/list:GET",
        "List the SMS queue",
        "查看短信队列",
    ),
    (
        "/saas/msg/smsQueue/resend:PUT",
        "Send a text again",
        "重新发送短信",
    ),
    (
        "/saas/notify/message/list:GET",
        "List my notifications",
        "查看我的通知",
    ),
    (
        "/saas/notify/message/read:PUT",
        "Mark my notifications read",
        "将我的通知标为已读",
    ),
];
