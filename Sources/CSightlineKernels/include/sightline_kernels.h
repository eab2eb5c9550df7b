int sl_placeholder(void);
