filedesc://x.arc 0.0.0.0 20080430204825 text/plain 76
1 0 InternetArchive
URL IP-address Archive-date Content-type Archive-length
http://a/1 1.2.3.4 20080430204826 text/html 38
HTTP/1.0 200 OK
Content-Type: x/y

abchttp://a/2 1.2.3.4 20080430204827 text/plain -1
xyz

