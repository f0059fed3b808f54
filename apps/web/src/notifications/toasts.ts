// Loaded on the first notification only: the toasts and their styles stay out of the first page load.
import '@mantine/core/styles/Notification.css'
import '@mantine/notifications/styles.css'

export { Notifications, notifications } from '@mantine/notifications'
